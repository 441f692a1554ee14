import type { LazyArea, ScriptArea } from "../areas.ts";
import type { Dictionary } from "../pt.ts";
import { auth } from "./auth.ts";

/** English strings every page needs, checked key for key against the Portuguese ones. */
export const shell = {
  meta: {
    siteName: "Rafael Werneck · Full-Stack Developer",
    /** The blog feed's name, linked from every page's head. */
    feedTitle: "Rafael Werneck's blog",
    titleSuffix: "Rafael Werneck",
  },
  a11y: {
    skipToContent: "Skip to content",
    opensInNewTab: "(opens in a new tab)",
  },
  header: {
    home: "Home",
    about: "About",
    career: "Career",
    services: "Services",
    discord: "Discord",
    blog: "Blog",
    contact: "Contact",
    portfolio: "Portfolio",
    projects: "Projects",
    companies: "Companies",
    certificates: "Certificates",
    recommendations: "Recommendations",
    course: "College",
    logoLabel: "Rafael Werneck, home page",
    mainNav: "Main navigation",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    login: "Login",
    admin: "Admin",
    logout: "Sign out",
    themeToLight: "Use light theme",
    themeToDark: "Use dark theme",
    switchLanguage: "PT: ler esta página em português",
    switchLanguageToTranslation: "PT: ler este post em português",
    switchLanguageNoTranslation: "PT: este post só existe em inglês; ir para o blog em português",
    switchLanguageNoTag: "PT: nenhum post em português tem esta tag; ir para o blog em português",
    switchLanguageShort: "PT",
  },
  footer: {
    tagline: "Full-stack developer and studio founder in Recife, building web, mobile and bot products.",
    navigation: "Navigation",
    social: "Social",
    contact: "Contact",
    favouriteSongs: "Favourite songs",
    newsletter: "Newsletter",
    copyright: "© {year} Rafael Werneck. All rights reserved.",
  },
  privacyNote: {
    text: "What happens to your data: see the {link}.",
    link: "privacy policy",
  },
  notFound: {
    title: "Page not found",
    description: "The address you opened does not exist on this site.",
    heading: "Oops! Page not found",
    returnHome: "Return to Home",
  },
  error: {
    title: "Something went wrong",
    heading: "Something went wrong",
    description: "An unexpected error happened. Please try again in a moment.",
    returnHome: "Return to Home",
  },
  pages: {
    home: {
      title: "Rafael Werneck · Full-Stack Developer in Recife",
      description:
        "Portfolio of Rafael Werneck, full-stack developer and studio founder in Recife: projects, companies, services, blog and contact.",
      heading: "Rafael Werneck, full-stack developer",
    },
    about: {
      title: "About me",
      description: "Who Rafael Werneck is: profile, experience, education, career, values and hobbies.",
      heading: "About me",
    },
    career: {
      title: "My career",
      description: "The story of Rafael Werneck's career: timeline, partnerships, values and testimonials.",
      heading: "My career",
    },
    companies: {
      title: "Companies",
      description: "The companies founded by Rafael Werneck: Cheetah Network and Werneck Group.",
      heading: "My companies",
    },
    company: {
      title: "{name}",
      description: "{name}: about the company, skills and social links.",
      heading: "{name}",
    },
    projects: {
      title: "Projects",
      description: "Six projects delivered by Rafael Werneck: websites, platforms and automations.",
      heading: "Projects",
    },
    project: {
      title: "{name}",
      description: "{name}: the project's challenge, solution, key features and results.",
      heading: "{name}",
    },
    services: {
      title: "Services",
      description:
        "Web, mobile and bot development, UI/UX, cloud solutions and consulting, with timelines and starting prices.",
      heading: "Services",
    },
    service: {
      title: "{name}",
      description: "{name}: requirements, technologies, timeline and starting price.",
      heading: "{name}",
    },
    certificates: {
      title: "Certificates",
      description: "Certifications and courses completed by Rafael Werneck.",
      heading: "Certificates",
    },
    contact: {
      title: "Contact",
      description: "Talk to Rafael Werneck by e-mail, WhatsApp or the contact form.",
      heading: "Contact",
    },
    recommendations: {
      title: "Recommendations",
      description: "The book Rafael Werneck recommends to people who build software.",
      heading: "Recommendations",
    },
    course: {
      title: "College",
      description: "Rafael Werneck's degree in progress: subjects, projects and goals.",
      heading: "College",
    },
    discord: {
      title: "Discord community",
      description: "Join the Discord community: over 150k members, support and networking.",
      heading: "Discord community",
    },
    privacy: {
      title: "Privacy",
      description:
        "What this site counts and keeps, what for, for how long and how to have it deleted: visits, contact, newsletter, sign-in and preferences.",
      heading: "Privacy",
    },
    blog: {
      title: "Blog",
      description: "Articles on full-stack development, bots, cloud, automation and project management.",
      heading: "Blog",
    },
    blogTag: {
      title: "Posts tagged #{name}",
      description: "Articles on Rafael Werneck's blog about {name}.",
      heading: "#{name}",
    },
    blogSearch: {
      title: "Search the blog",
      description: "Find articles on Rafael Werneck's blog by word, topic or technology.",
      heading: "Search the blog",
    },
    article: {
      title: "{name}",
      description: "{name}",
      heading: "{name}",
    },
    adminBlog: {
      title: "Manage posts",
      description: "The author's area for managing blog posts.",
      heading: "Manage posts",
    },
    adminMessages: {
      title: "Contact messages",
      description: "Messages received through the contact form.",
      heading: "Messages",
    },
  },
  auth,
} satisfies Omit<Dictionary, LazyArea | ScriptArea>;
