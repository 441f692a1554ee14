import { type RefObject, useEffect, useState } from "react";
import { useT } from "~/i18n";
import { POST_LIMITS } from "~/lib/post-input.ts";
import { LineField } from "./LineField.tsx";

/** The most of a description a search result shows (search engines cut at about 155 to 160). */
const SEARCH_SHOWN = 160;

export interface Settings {
  seoDescription: string;
  socialTitle: string;
  socialDescription: string;
}

/**
 * "Configurações do post": how search engines and link previews present the
 * post. A description for search engines, its length against what they show
 * (about 155 to 160 characters), and an optional title and description for
 * link previews. Empty fields fall back to the excerpt and the title.
 */
export function PostSettings({
  values,
  onChange,
  errors,
  detailsRef,
}: {
  values: Settings;
  onChange: (key: keyof Settings, value: string) => void;
  errors: Partial<Record<keyof Settings, string>>;
  /** The disclosure, opened by the form to show a refused field. */
  detailsRef: RefObject<HTMLDetailsElement | null>;
}) {
  const { t } = useT();
  const texts = t.admin.editor.settings;
  // Open from the start when something is set, so nothing stored hides; then as the author leaves it
  // (the element keeps its own state: React does not hold it).
  const [openAtFirst] = useState(() =>
    Boolean(values.seoDescription || values.socialTitle || values.socialDescription),
  );
  useEffect(() => {
    if (openAtFirst && detailsRef.current) detailsRef.current.open = true;
  }, [openAtFirst, detailsRef]);
  return (
    <details ref={detailsRef} className="group rounded-2xl border border-line bg-bg" data-testid="post-settings">
      <summary className="cursor-pointer rounded-2xl px-4 py-3 font-semibold marker:text-fg-muted">
        {texts.heading}
      </summary>
      <div className="grid gap-5 border-t border-line px-4 pt-4 pb-5">
        <LineField
          name="seoDescription"
          label={texts.seoDescription}
          help={texts.seoDescriptionHelp}
          error={errors.seoDescription}
          value={values.seoDescription}
          onChange={(text) => onChange("seoDescription", text)}
          rows={3}
          counter={{ target: SEARCH_SHOWN }}
        />
        <LineField
          name="socialTitle"
          label={texts.socialTitle}
          help={texts.socialTitleHelp}
          error={errors.socialTitle}
          value={values.socialTitle}
          onChange={(text) => onChange("socialTitle", text)}
          counter={{ from: POST_LIMITS.socialTitle - 40 }}
        />
        <LineField
          name="socialDescription"
          label={texts.socialDescription}
          help={texts.socialDescriptionHelp}
          error={errors.socialDescription}
          value={values.socialDescription}
          onChange={(text) => onChange("socialDescription", text)}
          rows={3}
          counter={{ from: POST_LIMITS.socialDescription - 60 }}
        />
      </div>
    </details>
  );
}
