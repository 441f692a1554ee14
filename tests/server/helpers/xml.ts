/**
 * A small XML reader for the documents the site writes (feeds, the sitemap):
 * it parses a document into elements and fails, as a browser's XML parser
 * does, on what is not well-formed: a tag closed out of order or never, an
 * attribute without quotes or given twice, an unknown entity, text or a second
 * element outside the root.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text and its descendants', entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string, where: number): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(";")) throw new Error(`A bare & at ${where}`);
    if (name.startsWith("#x") && /^#x[0-9a-f]+$/i.test(name))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (/^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
    const value = ENTITIES[name];
    if (value === undefined) throw new Error(`An unknown entity &${name}; at ${where}`);
    return value;
  });
}

const NAME = /^[A-Za-z_][\w.:-]*$/;

/**
 * The document's root element, or the reason it is not well-formed.
 * @example parseXml(await (await fetch(`${origin}/rss.xml`)).text()).root?.name // "rss"
 */
export function parseXml(xml: string): { error: string | null; root: XmlElement | undefined } {
  try {
    return { error: null, root: parse(xml) };
  } catch (error) {
    return { error: (error as Error).message, root: undefined };
  }
}

function parse(xml: string): XmlElement {
  const open: XmlElement[] = [];
  let root: XmlElement | undefined;
  let at = 0;
  const addText = (text: string) => {
    if (open.length === 0) {
      if (text.trim() !== "") throw new Error(`Text outside the root element at ${at}`);
      return;
    }
    for (const element of open) element.text += text;
  };
  while (at < xml.length) {
    const next = xml.indexOf("<", at);
    if (next === -1) {
      addText(decode(xml.slice(at), at));
      break;
    }
    if (next > at) addText(decode(xml.slice(at, next), at));
    at = next;
    const ends = (marker: string) => {
      const end = xml.indexOf(marker, at);
      if (end === -1) throw new Error(`Unclosed ${xml.slice(at, at + 9)} at ${at}`);
      return end + marker.length;
    };
    if (xml.startsWith("<?", at)) {
      if (xml.startsWith("<?xml ", at) && at !== 0) throw new Error(`An XML declaration not at the start, at ${at}`);
      at = ends("?>");
    } else if (xml.startsWith("<!--", at)) at = ends("-->");
    else if (xml.startsWith("<![CDATA[", at)) {
      const end = ends("]]>");
      if (open.length === 0) throw new Error(`CDATA outside the root element at ${at}`);
      addText(xml.slice(at + 9, end - 3));
      at = end;
    } else if (xml.startsWith("<!DOCTYPE", at)) {
      if (root || open.length > 0) throw new Error(`A DOCTYPE after the root element at ${at}`);
      at = ends(">");
    } else if (xml.startsWith("</", at)) {
      const end = ends(">");
      const name = xml.slice(at + 2, end - 1).trim();
      const element = open.pop();
      if (element?.name !== name) throw new Error(`</${name}> closes <${element?.name ?? "nothing"}> at ${at}`);
      at = end;
    } else {
      const end = ends(">");
      const selfClosing = xml[end - 2] === "/";
      const inside = xml.slice(at + 1, selfClosing ? end - 2 : end - 1);
      const name = /^\S+/.exec(inside)?.[0] ?? "";
      if (!NAME.test(name)) throw new Error(`A tag without a valid name at ${at}`);
      const attributes: Record<string, string> = {};
      const rest = inside.slice(name.length);
      const attribute = /\s+([^\s=]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
      let last = 0;
      for (let match = attribute.exec(rest); match; match = attribute.exec(rest)) {
        const [whole, key = "", double, single] = match;
        if (!NAME.test(key)) throw new Error(`An attribute without a valid name in <${name}> at ${at}`);
        if (key in attributes) throw new Error(`The attribute ${key} twice in <${name}> at ${at}`);
        attributes[key] = decode(double ?? single ?? "", at);
        last += whole.length;
      }
      if (rest.slice(last).trim() !== "") throw new Error(`A malformed attribute in <${name}> at ${at}`);
      const element: XmlElement = { name, attributes, children: [], text: "" };
      const parent = open.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error(`A second root element <${name}> at ${at}`);
      else root = element;
      if (!selfClosing) open.push(element);
      at = end;
    }
  }
  if (open.length > 0) throw new Error(`<${open.at(-1)?.name}> is never closed`);
  if (!root) throw new Error("No root element");
  return root;
}

/** Every element below `element` named `name`, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...descendants(child, name)]);
}
