/** Portuguese strings of the home page and the floating terminal. */
export const home = {
  aboutMe: "Sobre mim",
  contactMe: "Fale comigo",
};
