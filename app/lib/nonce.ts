import { createContext, useContext } from "react";

/** The CSP nonce of the response being rendered; empty in the browser and in prerendered files. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
