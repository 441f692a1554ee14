/** Portuguese strings of sign-in, sessions and the admin guard. */
export const auth = {
  loginError: "Erro ao fazer login com GitHub",
  logoutSuccess: "Logout realizado com sucesso",
  logoutError: "Erro ao fazer logout",
  loginRequired: "Você precisa estar logado para acessar esta página",
  notAllowed: "Esta conta do GitHub não tem permissão para entrar neste site",
  notConfigured: "O login com GitHub não está configurado neste servidor",
  tooManyAttempts: "Muitas tentativas de login. Tente de novo em alguns minutos",
};
