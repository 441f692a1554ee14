/** The tests' name for the tools' free port (tools/processes/free-port.ts). */
export { freePort } from "../../tools/processes/free-port.ts";
