import type { Dictionary } from "../pt.ts";

/** English strings of the home page (the terminal's own are in `terminal.ts`). */
export const home = {
  aboutMe: "About me",
  contactMe: "Contact me",
  hero: {
    badge: "Available for new projects",
    greeting: "Hi, I'm",
    role: "Full-Stack Developer & studio founder",
    subtitle:
      "I build websites, apps, bots and automations that solve real problems, from the first sketch to deployment. Straight from Recife to the world.",
    socialLabel: "My social networks",
    location: "Recife, Pernambuco",
    cardTitle: "Full-Stack & Founder",
    cardStatus: "Building at Werneck Group",
  },
  contactDialog: {
    title: "Let's talk",
    description: "Pick the channel you prefer. I reply within one business day.",
    email: "Send an e-mail",
    socials: "Social networks",
    close: "Close",
  },
  technologies: {
    eyebrow: "Stack",
    heading: "Technologies",
    lead: "The tools I use every day to take ideas to production.",
  },
  experience: {
    eyebrow: "Journey",
    heading: "Professional experience",
    lead: "Over eight years building digital products, from the code to running companies.",
    careerPath: "Career path",
    achievements: "Key achievements",
    summaryTitle: "Summary",
    goalsTitle: "Goals",
  },
  projects: {
    eyebrow: "Portfolio",
    heading: "Featured projects",
    lead: "A few recent pieces of work, from a corporate website to a full platform.",
    visit: "Visit project: {name}",
    imageAlt: "Screen of the {name} project",
    soon: "Coming soon",
    viewAll: "View all projects",
    technologies: "Technologies",
  },
  companies: {
    eyebrow: "Entrepreneurship",
    heading: "My companies",
    lead: "Two companies I founded and help grow every day.",
    more: "+{n} more",
    details: "Discover {name}",
    skills: "Skills",
  },
  testimonials: {
    eyebrow: "Testimonials",
    heading: "What people say",
    lead: "Words from people who worked closely with me.",
    supervisedBy: "Supervised by {name}",
    more: "See my career",
  },
  partnerships: {
    eyebrow: "Partnerships",
    heading: "Partnerships",
    lead: "Organizations I build and collaborate with.",
    visit: "Visit {name}",
    more: "See all partnerships",
  },
  faq: {
    eyebrow: "FAQ",
    heading: "Frequently asked questions",
    lead: "Quick answers to the most common questions.",
  },
  cta: {
    heading: "Shall we get your project off the ground?",
    text: "Tell me your idea and I will reply with a clear path, timelines and a quote without surprises.",
    services: "See services",
  },
  terminal: {
    open: "Open terminal",
  },
} satisfies Dictionary["home"];
