import type { Dictionary } from "../pt.ts";

/** English strings of contact delivery. */
export const contact = {
  errors: {
    nameRequired: "Enter your name.",
    nameTooLong: "The name can have at most {max} characters.",
    emailRequired: "Enter your e-mail.",
    emailInvalid: "Enter a valid e-mail, such as you@example.com.",
    messageRequired: "Write your message.",
    messageTooLong: "The message can have at most {max} characters.",
    fixFields: "Fix the highlighted fields and send again.",
    tooFast: "That was too quick. Wait a few seconds and send again.",
    rateLimited: "You have sent too many messages in a short time. Try again in {minutes} min.",
    network: "The message could not be sent right now. Check your connection and try again; your text is still here.",
    server: "Your message could not be stored right now. Try again in a moment; your text is still here.",
  },
  honeypot: "Leave this field empty",
  admin: {
    nav: "Administration",
    blog: "Posts",
    messages: "Messages",
    unreadCount: "{count} unread",
    empty: "No messages yet. Messages from the contact form appear here.",
    unread: "Unread",
    from: "From",
    receivedAt: "Received {date}",
    language: "Language: {lang}",
    reply: "Reply",
    replyTo: "Reply to {name} by e-mail",
    markRead: "Mark as read",
    markReadOf: "Mark as read: message from {name}",
    delete: "Delete",
    deleteOf: "Delete the message from {name}",
    confirmDelete: "Are you sure you want to delete this message?",
    notEmailed: "E-mail not delivered: {error}",
    toasts: {
      markedRead: "Message marked as read.",
      deleted: "Message deleted successfully!",
    },
    errors: {
      notFound: "Message not found.",
      unknownIntent: "Unknown action.",
    },
  },
  mail: {
    subject: "New message from {name} on the website",
    intro: "{name} <{email}> sent a message through the contact form ({lang}) on {date}:",
    footer: "Reply to this e-mail to write to {name} directly.",
  },
} satisfies Dictionary["contact"];
