/**
 * Copies every object of one storage into another (`npm run
 * storage:migrate`). Idempotent and resumable: an object the target already
 * holds with the same size is skipped, so a copy stopped half-way is run
 * again to finish. Objects are read and written one at a time, so memory
 * holds one object, whatever the storage's size.
 */
import type { ObjectStorage } from "./storage.server.ts";

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
}

export async function copyObjects(
  from: ObjectStorage,
  to: ObjectStorage,
  progress: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  const [source, target] = await Promise.all([from.list(""), to.list("")]);
  const present = new Map(target.map((object) => [object.key, object.size]));
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  const total = source.length;
  let done = 0;
  for (const object of source.sort((a, b) => a.key.localeCompare(b.key))) {
    done += 1;
    if (present.get(object.key) === object.size) {
      report.skipped += 1;
      continue;
    }
    const data = await from.get(object.key);
    // Deleted since the listing (a sweep, a replaced cover): nothing to copy.
    if (!data) continue;
    await to.put(object.key, data);
    report.copied += 1;
    report.bytes += data.byteLength;
    progress(`${done}/${total} ${object.key} (${data.byteLength} bytes)`);
  }
  progress(`${report.copied} copied, ${report.skipped} already there, ${total} in all`);
  return report;
}
