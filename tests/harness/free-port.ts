/** The tests' name for the tools' free ports (tools/processes/free-port.ts). */
export { freePort, freePorts } from "../../tools/processes/free-port.ts";
