/** Portuguese strings of the portfolio pages (about, career, companies, projects, services, ...). */
export const portfolio = {
  projectNotFound: {
    heading: "Projeto não encontrado",
    back: "Voltar para os projetos",
  },
  serviceNotFound: {
    heading: "Serviço não encontrado",
    back: "Voltar para os serviços",
  },
};
