import type { Dictionary } from "../pt.ts";

/** English strings of the newsletter: its forms and pages, and the subscribers' admin. */
export const newsletter = {
  form: {
    heading: "Get new posts by e-mail",
    lead: "One e-mail per post or a weekly digest, in the language you choose. No tracking; leaving is one click.",
    email: "Your e-mail",
    emailHint: "We send a link to confirm: without it, nothing arrives.",
    languages: "Language",
    pt: "Português",
    en: "English",
    both: "Both",
    frequency: "How often",
    post: "Each new post",
    weekly: "Weekly digest",
    submit: "Subscribe",
  },
  errors: {
    emailRequired: "Enter your e-mail.",
    emailInvalid: "Enter a valid e-mail, such as you@example.com.",
    fixFields: "Fix the highlighted field and send again.",
    rateLimited: "Too many subscriptions from your connection in a short time. Try again in {minutes} min.",
    server: "Your subscription could not be saved right now. Try again in a moment; what you typed is still here.",
  },
  page: {
    title: "Newsletter",
    description: "Get the blog's new posts by e-mail, in Portuguese, in English or both.",
    heading: "The blog's newsletter",
    unavailable: "The newsletter is not available at the moment. Follow the blog by RSS meanwhile.",
    rss: "Subscribe to the RSS feed",
  },
  sent: {
    heading: "Check your e-mail",
    text: "If this address can receive the newsletter, a confirmation e-mail arrives in a moment. The subscription starts only once you press the button on the page its link opens.",
    back: "Back to the blog",
  },
  confirm: {
    title: "Confirm subscription",
    heading: "Confirm subscription",
    text: "Press the button to receive the blog's posts at {email}.",
    button: "Confirm subscription",
    done: "Subscription confirmed",
    doneText: "Done: the next posts arrive at {email}. Every e-mail has a link to leave or change what you receive.",
  },
  invalid: {
    heading: "This link no longer works",
    text: "Confirmation links work for 7 days, and only the latest one of each address. Subscribe again to get another.",
    subscribe: "Subscribe again",
  },
  manage: {
    title: "Your subscription",
    heading: "Your newsletter subscription",
    text: "Subscription of {email}.",
    leave: "Unsubscribe",
    leaveHint: "One click: no other newsletter e-mail arrives after it.",
    preferences: "What you receive",
    save: "Save preferences",
    saved: "Preferences saved.",
    left: "You have unsubscribed",
    leftText: "No other newsletter e-mail will reach {email}. Changed your mind? You can subscribe again.",
    pendingText: "This subscription was never confirmed; cancelled now, nothing arrives.",
  },
} satisfies Dictionary["newsletter"];
