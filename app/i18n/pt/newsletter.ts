/** Portuguese strings of the newsletter: its forms and pages, and the subscribers' admin. */
export const newsletter = {
  form: {
    heading: "Receba os novos posts por e-mail",
    lead: "Um e-mail por post ou um resumo semanal, no idioma que você escolher. Sem rastreamento; sair é um clique.",
    email: "Seu e-mail",
    emailHint: "Enviamos um link para confirmar: sem ele, nada chega.",
    languages: "Idioma",
    pt: "Português",
    en: "English",
    both: "Os dois",
    frequency: "Frequência",
    post: "A cada novo post",
    weekly: "Resumo semanal",
    submit: "Inscrever-se",
  },
  errors: {
    emailRequired: "Informe seu e-mail.",
    emailInvalid: "Digite um e-mail válido, como voce@exemplo.com.",
    fixFields: "Corrija o campo destacado e envie de novo.",
    rateLimited: "Muitas inscrições em pouco tempo a partir da sua conexão. Tente de novo em {minutes} min.",
    server:
      "Não foi possível guardar sua inscrição agora. Tente de novo em instantes; o que você digitou continua aqui.",
  },
  page: {
    title: "Newsletter",
    description: "Receba os novos posts do blog por e-mail, em português, em inglês ou nos dois.",
    heading: "Newsletter do blog",
    unavailable: "A newsletter não está disponível no momento. Siga o blog pelo RSS enquanto isso.",
    rss: "Assinar o RSS",
  },
  sent: {
    heading: "Confira seu e-mail",
    text: "Se este endereço puder receber a newsletter, um e-mail de confirmação chega em instantes. A inscrição só vale depois que você pressionar o botão da página que o link abre.",
    back: "Voltar ao blog",
  },
  confirm: {
    title: "Confirmar inscrição",
    heading: "Confirmar inscrição",
    text: "Pressione o botão para receber os posts do blog em {email}.",
    button: "Confirmar inscrição",
    done: "Inscrição confirmada",
    doneText:
      "Pronto: os próximos posts chegam em {email}. Cada e-mail traz um link para sair ou mudar o que você recebe.",
  },
  invalid: {
    heading: "Este link não vale mais",
    text: "Links de confirmação valem por 7 dias, e só o mais recente de cada endereço. Inscreva-se de novo para receber outro.",
    subscribe: "Inscrever-se de novo",
  },
  manage: {
    title: "Sua inscrição",
    heading: "Sua inscrição na newsletter",
    text: "Inscrição de {email}.",
    leave: "Cancelar inscrição",
    leaveHint: "Um clique: nenhum outro e-mail da newsletter chega depois.",
    preferences: "O que você recebe",
    save: "Salvar preferências",
    saved: "Preferências salvas.",
    left: "Inscrição cancelada",
    leftText: "Nenhum outro e-mail da newsletter chegará a {email}. Mudou de ideia? Você pode se inscrever de novo.",
    pendingText: "Esta inscrição ainda não foi confirmada; cancelada agora, nada chega.",
  },
};
