/**
 * `npm run docs:config`: writes the configuration guide, docs/configuration.md,
 * from the schema in config/schema.ts (config/guide.ts renders it).
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configurationGuide, GUIDE_PATH } from "../../config/guide.ts";

const file = fileURLToPath(new URL(`../../${GUIDE_PATH}`, import.meta.url));
writeFileSync(file, configurationGuide());
console.info(`Wrote ${GUIDE_PATH} from config/schema.ts`);
