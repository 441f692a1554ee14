/**
 * An import's dry run in the author's words: each problem and note as a
 * sentence of the dictionary, with the file and line it came from.
 */
import "../../i18n/all.ts";
import { dictionaryFor, format, type Lang } from "../../i18n/index.ts";
import type { ImportPlan, PlanList } from "./import.server.ts";
import type { ImportNote, ImportProblem } from "./import-types.server.ts";

const where = (lang: Lang, item: { file: string; line?: number | undefined }) => {
  const texts = dictionaryFor(lang).admin.transfer.import;
  return item.line
    ? format(texts.where, { file: item.file, line: item.line })
    : format(texts.whereFile, { file: item.file });
};

/** A problem as the author reads it: where, then what. */
export function problemText(lang: Lang, problem: ImportProblem): string {
  const template = dictionaryFor(lang).admin.transfer.problem[problem.code];
  const { otherLine, ...values } = problem.values ?? {};
  // The post a duplicate repeats, named as the duplicate is: its file and line.
  if (values.other !== undefined)
    values.other = where(lang, { file: values.other, line: Number(otherLine) || undefined });
  return `${where(lang, problem)}: ${format(template, values)}`;
}

export function noteText(lang: Lang, note: ImportNote): string {
  const template = dictionaryFor(lang).admin.transfer.note[note.code];
  return `${where(lang, note)}: ${format(template, note.values ?? {})}`;
}

/** The dry run with its problems and notes written out in the author's language. */
export type WrittenPlan = Omit<ImportPlan, "problems" | "notes"> & {
  problems: (ImportProblem & { message: string })[];
  notes: (ImportNote & { message: string })[];
};

export function writtenPlan(lang: Lang, plan: ImportPlan): WrittenPlan {
  return {
    ...plan,
    problems: plan.problems.map((problem) => ({ ...problem, message: problemText(lang, problem) })),
    notes: plan.notes.map((note) => ({ ...note, message: noteText(lang, note) })),
  };
}

/** The dry run as lines of text, for the command line. */
export function planLines(lang: Lang, plan: ImportPlan): string[] {
  const texts = dictionaryFor(lang).admin.transfer.import;
  const count = plan.posts;
  const more = (list: PlanList) => (plan.more[list] > 0 ? [format(texts.more, { count: plan.more[list] })] : []);
  const lines = [
    format(count === 1 ? texts.summaryOne : texts.summary, {
      source: texts.sources[plan.kind],
      count,
      pt: plan.byLang.pt,
      en: plan.byLang.en,
    }),
    format(texts.statuses, plan.statuses),
    format(texts.images, { count: plan.images }),
    format(texts.oldAddresses, { count: plan.oldAddresses }),
    texts.notAPublication,
    "",
    `${texts.translations}:`,
    ...(plan.translations.length === 0
      ? [`  ${texts.noTranslations}`]
      : [...plan.translations.map((pair) => format(texts.translationPair, pair)), ...more("translations")].map(
          (line) => `  ${line}`,
        )),
  ];
  const section = (heading: string, list: PlanList, items: string[]) => {
    if (items.length > 0) lines.push("", `${heading}:`, ...[...items, ...more(list)].map((item) => `  ${item}`));
  };
  section(
    texts.clashes,
    "clashes",
    plan.clashes.map((post) => `${post.lang}/${post.slug} (${post.yours ? texts.clashYours : texts.clashOther})`),
  );
  section(
    texts.removed,
    "removed",
    plan.removed.map((post) => `${where(lang, post)} — ${post.title}: ${post.items.join(", ")}`),
  );
  section(
    texts.missing,
    "missingImages",
    plan.missingImages.map((image) => `${where(lang, image)} — ${image.title}: ${image.address}`),
  );
  section(
    texts.notes,
    "notes",
    plan.notes.map((note) => noteText(lang, note)),
  );
  section(
    texts.problems,
    "problems",
    plan.problems.map((problem) => problemText(lang, problem)),
  );
  return lines;
}
