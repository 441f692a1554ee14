/**
 * A line-by-line difference of two texts, for showing an author what changed
 * between two versions of a post. Longest common subsequence of lines, after
 * trimming the lines both texts share at their start and end; texts too long
 * for that to be cheap are compared as a whole.
 */

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** Beyond this many differing lines on each side, the diff is "everything changed". */
const MAX_COMPARED_LINES = 2000;

/**
 * @example lineDiff("a\nb", "a\nc") // [{kind:"same",text:"a"},{kind:"removed",text:"b"},{kind:"added",text:"c"}]
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((text): DiffLine => ({ kind: "same", text }));
  const tail = a.slice(endA).map((text): DiffLine => ({ kind: "same", text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length > MAX_COMPARED_LINES || midB.length > MAX_COMPARED_LINES) {
    return [
      ...head,
      ...midA.map((text): DiffLine => ({ kind: "removed", text })),
      ...midB.map((text): DiffLine => ({ kind: "added", text })),
      ...tail,
    ];
  }
  // length(i, j): the longest common subsequence of midA[i..] and midB[j..], in one flat table.
  const width = midB.length + 1;
  const table = new Uint32Array((midA.length + 1) * width);
  const length = (i: number, j: number) => table[i * width + j] ?? 0;
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      table[i * width + j] =
        midA[i] === midB[j] ? length(i + 1, j + 1) + 1 : Math.max(length(i + 1, j), length(i, j + 1));
    }
  }
  const middle: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    const left = midA[i];
    const right = midB[j];
    if (left !== undefined && left === right) {
      middle.push({ kind: "same", text: left });
      i++;
      j++;
    } else if (right === undefined || (left !== undefined && length(i + 1, j) >= length(i, j + 1))) {
      middle.push({ kind: "removed", text: left ?? "" });
      i++;
    } else {
      middle.push({ kind: "added", text: right });
      j++;
    }
  }
  return [...head, ...middle, ...tail];
}
