/**
 * SVG sources of the site's generated artwork. There are no photographs: each
 * image is drawn from a few shapes in the brand palette, so it stays small,
 * sharp and consistent in both themes.
 */

export interface Hues {
  /** Deep background colour. */
  base: string;
  /** Main highlight. */
  a: string;
  /** Secondary highlight. */
  b: string;
}

const FONT = "Liberation Sans, DejaVu Sans, sans-serif";

function defs(id: string, { base, a, b }: Hues, w: number, h: number): string {
  return `<defs>
  <linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="#020617"/>
  </linearGradient>
  <linearGradient id="${id}-ab" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/>
  </linearGradient>
  <radialGradient id="${id}-glow-a" cx="0.15" cy="0.1" r="0.7">
    <stop offset="0" stop-color="${a}" stop-opacity="0.55"/><stop offset="1" stop-color="${a}" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="${id}-glow-b" cx="0.95" cy="0.95" r="0.7">
    <stop offset="0" stop-color="${b}" stop-opacity="0.5"/><stop offset="1" stop-color="${b}" stop-opacity="0"/>
  </radialGradient>
  <pattern id="${id}-grid" width="${w / 24}" height="${w / 24}" patternUnits="userSpaceOnUse">
    <path d="M ${w / 24} 0 L 0 0 0 ${w / 24}" fill="none" stroke="#ffffff" stroke-opacity="0.05" stroke-width="1"/>
  </pattern>
</defs>
<rect width="${w}" height="${h}" fill="url(#${id}-bg)"/>
<rect width="${w}" height="${h}" fill="url(#${id}-grid)"/>
<rect width="${w}" height="${h}" fill="url(#${id}-glow-a)"/>
<rect width="${w}" height="${h}" fill="url(#${id}-glow-b)"/>`;
}

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A browser window showing an abstract page layout, with the product's name in its hero. */
export function browserMockup(title: string, hues: Hues, layout: "landing" | "dashboard" | "chat" = "landing"): string {
  const w = 1200;
  const h = 750;
  const x = 110;
  const y = 90;
  const ww = 980;
  const wh = 620;
  const line = (lx: number, ly: number, lw: number, o = 0.18) =>
    `<rect x="${lx}" y="${ly}" width="${lw}" height="12" rx="6" fill="#fff" fill-opacity="${o}"/>`;
  let content = "";
  if (layout === "landing") {
    content = `
      <rect x="${x + 40}" y="${y + 90}" width="${ww - 80}" height="230" rx="18" fill="url(#m-ab)" fill-opacity="0.9"/>
      <text x="${x + 80}" y="${y + 190}" font-family="${FONT}" font-size="52" font-weight="700" fill="#fff">${esc(title)}</text>
      ${line(x + 80, y + 222, 380, 0.55)}${line(x + 80, y + 246, 300, 0.4)}
      <rect x="${x + 80}" y="${y + 272}" width="150" height="30" rx="15" fill="#fff" fill-opacity="0.92"/>
      ${[0, 1, 2]
        .map(
          (
            i,
          ) => `<rect x="${x + 40 + i * 306}" y="${y + 350}" width="286" height="220" rx="16" fill="#fff" fill-opacity="0.06" stroke="#fff" stroke-opacity="0.1"/>
      <circle cx="${x + 84 + i * 306}" cy="${y + 398}" r="22" fill="url(#m-ab)"/>
      ${line(x + 64 + i * 306, y + 446, 200, 0.35)}${line(x + 64 + i * 306, y + 472, 230)}${line(x + 64 + i * 306, y + 496, 170)}`,
        )
        .join("")}`;
  } else if (layout === "dashboard") {
    const bars = [120, 180, 140, 220, 200, 260, 240, 300];
    content = `
      <rect x="${x + 24}" y="${y + 70}" width="190" height="${wh - 94}" rx="14" fill="#fff" fill-opacity="0.05"/>
      <text x="${x + 48}" y="${y + 112}" font-family="${FONT}" font-size="24" font-weight="700" fill="#fff">${esc(title)}</text>
      ${[0, 1, 2, 3, 4].map((i) => line(x + 48, y + 150 + i * 40, 130 - (i % 2) * 30, i === 0 ? 0.55 : 0.2)).join("")}
      ${[0, 1, 2]
        .map(
          (
            i,
          ) => `<rect x="${x + 238 + i * 240}" y="${y + 70}" width="220" height="110" rx="14" fill="#fff" fill-opacity="0.06" stroke="#fff" stroke-opacity="0.1"/>
      ${line(x + 258 + i * 240, y + 96, 90, 0.3)}
      <text x="${x + 258 + i * 240}" y="${y + 156}" font-family="${FONT}" font-size="36" font-weight="700" fill="#fff">${["98%", "1.2k", "+42%"][i]}</text>`,
        )
        .join("")}
      <rect x="${x + 238}" y="${y + 200}" width="700" height="390" rx="14" fill="#fff" fill-opacity="0.05" stroke="#fff" stroke-opacity="0.1"/>
      ${bars.map((bh, i) => `<rect x="${x + 284 + i * 80}" y="${y + 560 - bh}" width="44" height="${bh}" rx="8" fill="url(#m-ab)" fill-opacity="${0.55 + i * 0.05}"/>`).join("")}`;
  } else {
    content = `
      <rect x="${x + 24}" y="${y + 70}" width="260" height="${wh - 94}" rx="14" fill="#fff" fill-opacity="0.05"/>
      ${[0, 1, 2, 3, 4]
        .map(
          (
            i,
          ) => `<circle cx="${x + 64}" cy="${y + 112 + i * 84}" r="20" fill="url(#m-ab)" fill-opacity="${1 - i * 0.15}"/>
      ${line(x + 96, y + 100 + i * 84, 150, 0.4)}${line(x + 96, y + 118 + i * 84, 110)}`,
        )
        .join("")}
      <text x="${x + 320}" y="${y + 112}" font-family="${FONT}" font-size="28" font-weight="700" fill="#fff">${esc(title)}</text>
      <rect x="${x + 320}" y="${y + 150}" width="380" height="70" rx="18" fill="#fff" fill-opacity="0.08"/>
      ${line(x + 344, y + 170, 300, 0.35)}${line(x + 344, y + 192, 220)}
      <rect x="${x + 520}" y="${y + 250}" width="410" height="70" rx="18" fill="url(#m-ab)"/>
      ${line(x + 544, y + 270, 330, 0.7)}${line(x + 544, y + 292, 250, 0.5)}
      <rect x="${x + 320}" y="${y + 350}" width="340" height="96" rx="18" fill="#fff" fill-opacity="0.08"/>
      ${line(x + 344, y + 372, 280, 0.35)}${line(x + 344, y + 394, 240)}${line(x + 344, y + 416, 160)}
      <rect x="${x + 320}" y="${y + 540}" width="610" height="50" rx="25" fill="#fff" fill-opacity="0.08" stroke="#fff" stroke-opacity="0.15"/>
      <circle cx="${x + 905}" cy="${y + 565}" r="18" fill="url(#m-ab)"/>`;
  }
  return svg(
    w,
    h,
    `${defs("m", hues, w, h)}
    <rect x="${x + 10}" y="${y + 24}" width="${ww}" height="${wh}" rx="22" fill="#000" fill-opacity="0.35"/>
    <rect x="${x}" y="${y}" width="${ww}" height="${wh}" rx="22" fill="#0b1120" stroke="#fff" stroke-opacity="0.14"/>
    <rect x="${x}" y="${y}" width="${ww}" height="50" rx="22" fill="#fff" fill-opacity="0.06"/>
    <circle cx="${x + 30}" cy="${y + 25}" r="7" fill="#f87171"/><circle cx="${x + 54}" cy="${y + 25}" r="7" fill="#fbbf24"/><circle cx="${x + 78}" cy="${y + 25}" r="7" fill="#4ade80"/>
    <rect x="${x + 300}" y="${y + 14}" width="380" height="22" rx="11" fill="#fff" fill-opacity="0.08"/>
    ${content}`,
  );
}

/** A wide banner: the brand's name over a field of soft rings. */
export function banner(name: string, tagline: string, hues: Hues, w = 1600, h = 600): string {
  const rings = [0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<circle cx="${w * 0.82}" cy="${h * 0.5}" r="${80 + i * 70}" fill="none" stroke="url(#b-ab)" stroke-opacity="${0.55 - i * 0.08}" stroke-width="2"/>`,
    )
    .join("");
  const size = Math.round(h * 0.15);
  return svg(
    w,
    h,
    `${defs("b", hues, w, h)}${rings}
    <circle cx="${w * 0.82}" cy="${h * 0.5}" r="60" fill="url(#b-ab)"/>
    <text x="${w * 0.07}" y="${h * 0.52}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff" letter-spacing="-2">${esc(name)}</text>
    <text x="${w * 0.07}" y="${h * 0.52 + size * 0.75}" font-family="${FONT}" font-size="${Math.round(size * 0.36)}" fill="#fff" fill-opacity="0.72">${esc(tagline)}</text>
    <rect x="${w * 0.07}" y="${h * 0.52 - size * 1.35}" width="${size * 0.9}" height="8" rx="4" fill="url(#b-ab)"/>`,
  );
}

/** A square mark: the initials on the brand gradient, with a small accent shape. */
export function logo(initials: string, hues: Hues, size = 512): string {
  return svg(
    size,
    size,
    `<defs><linearGradient id="l-ab" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hues.a}"/><stop offset="1" stop-color="${hues.b}"/></linearGradient></defs>
    <rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${hues.base}"/>
    <rect x="${size * 0.06}" y="${size * 0.06}" width="${size * 0.88}" height="${size * 0.88}" rx="${size * 0.18}" fill="url(#l-ab)"/>
    <circle cx="${size * 0.78}" cy="${size * 0.24}" r="${size * 0.07}" fill="#fff" fill-opacity="0.85"/>
    <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${size * (initials.length > 2 ? 0.3 : 0.38)}" font-weight="700" fill="#fff" letter-spacing="-4">${esc(initials)}</text>`,
  );
}

/** An abstract portrait: head and shoulders in light tones over the brand gradient. */
export function portrait(hues: Hues, size = 640): string {
  const c = size / 2;
  return svg(
    size,
    size,
    `${defs("p", hues, size, size)}
    <circle cx="${c}" cy="${c}" r="${size * 0.42}" fill="url(#p-ab)" fill-opacity="0.35"/>
    <path d="M ${size * 0.14} ${size} C ${size * 0.16} ${size * 0.72}, ${size * 0.32} ${size * 0.64}, ${c} ${size * 0.64} C ${size * 0.68} ${size * 0.64}, ${size * 0.84} ${size * 0.72}, ${size * 0.86} ${size} Z" fill="#e2e8f0"/>
    <path d="M ${size * 0.42} ${size * 0.6} L ${c} ${size * 0.74} L ${size * 0.58} ${size * 0.6} Z" fill="${hues.a}"/>
    <circle cx="${c}" cy="${size * 0.42}" r="${size * 0.16}" fill="#f1f5f9"/>
    <path d="M ${size * 0.34} ${size * 0.4} C ${size * 0.34} ${size * 0.22}, ${size * 0.66} ${size * 0.2}, ${size * 0.66} ${size * 0.38} C ${size * 0.6} ${size * 0.3}, ${size * 0.42} ${size * 0.3}, ${size * 0.34} ${size * 0.4} Z" fill="#1e293b"/>`,
  );
}

/** A certificate sheet with a seal, the issuer and the course name. */
export function certificate(title: string, issuer: string, hues: Hues): string {
  const w = 1200;
  const h = 850;
  const line = (ly: number, lw: number) =>
    `<rect x="${(w - lw) / 2}" y="${ly}" width="${lw}" height="10" rx="5" fill="#0f172a" fill-opacity="0.12"/>`;
  return svg(
    w,
    h,
    `${defs("c", hues, w, h)}
    <rect x="90" y="80" width="${w - 180}" height="${h - 160}" rx="12" fill="#f8fafc"/>
    <rect x="116" y="106" width="${w - 232}" height="${h - 212}" rx="6" fill="none" stroke="url(#c-ab)" stroke-width="4"/>
    <text x="50%" y="220" text-anchor="middle" font-family="${FONT}" font-size="26" letter-spacing="8" fill="#475569">${esc(issuer.toUpperCase())}</text>
    <text x="50%" y="330" text-anchor="middle" font-family="${FONT}" font-size="56" font-weight="700" fill="#0f172a">${esc(title)}</text>
    ${line(380, 560)}${line(406, 460)}
    <rect x="${w / 2 - 120}" y="250" width="240" height="6" rx="3" fill="url(#c-ab)"/>
    <circle cx="${w / 2}" cy="560" r="74" fill="url(#c-ab)"/>
    <circle cx="${w / 2}" cy="560" r="56" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="3" stroke-dasharray="6 6"/>
    <path d="M ${w / 2 - 22} 560 l 16 16 l 30 -34" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="230" y="650" width="220" height="4" fill="#0f172a" fill-opacity="0.2"/><rect x="${w - 450}" y="650" width="220" height="4" fill="#0f172a" fill-opacity="0.2"/>`,
  );
}

/** A book cover: title, author and a geometric figure of nested brackets. */
export function bookCover(title: readonly string[], author: string, hues: Hues): string {
  const w = 600;
  const h = 900;
  return svg(
    w,
    h,
    `${defs("k", hues, w, h)}
    <rect x="0" y="0" width="26" height="${h}" fill="#000" fill-opacity="0.35"/>
    <text x="70" y="170" font-family="${FONT}" font-size="22" letter-spacing="6" fill="#fff" fill-opacity="0.75">${esc(author.toUpperCase())}</text>
    ${title.map((t, i) => `<text x="66" y="${270 + i * 80}" font-family="${FONT}" font-size="76" font-weight="700" fill="#fff" letter-spacing="-2">${esc(t)}</text>`).join("")}
    <g transform="translate(300 650)" fill="none" stroke="url(#k-ab)" stroke-width="14" stroke-linecap="round" stroke-linejoin="round">
      <path d="M -60 -110 L -150 0 L -60 110"/><path d="M 60 -110 L 150 0 L 60 110"/><path d="M 30 -140 L -30 140" stroke-opacity="0.8"/>
    </g>`,
  );
}
