import type { ComponentProps, WebsiteComponentName } from './website';

/**
 * What the page builder shows people: each component type's name in plain words with one line on what
 * it is, and the draft → preview → publish cycle (a save never reaches visitors until Publish).
 */
export const WEBSITE_COMPONENT_LABELS: Record<WebsiteComponentName, { label: string; description: string }> =
  {
    Paragraph: { label: 'Paragraph', description: 'A heading and paragraphs of text.' },
    Header: { label: 'Page title banner', description: 'The title and subtitle at the top of a page.' },
    TopContent: {
      label: 'Hero banner',
      description: 'Headline, supporting text, two buttons and artwork on a navy background.',
    },
    FeaturesList: {
      label: 'Feature cards',
      description: 'A grid of cards, each with an icon, title and text.',
    },
    CTA1: { label: 'Call to action', description: 'A tinted panel with a line of text and one button.' },
    MiddleContent: {
      label: 'Text beside a picture',
      description: 'Heading, text, a checklist and a button beside artwork.',
    },
    Customers: { label: 'Who we serve', description: 'A row of customer types or customer logos.' },
    MiddleContent2: {
      label: 'How it works (steps)',
      description: 'Numbered steps, each with a title and text.',
    },
    Service: {
      label: 'Service spotlight',
      description: 'One service described beside a card with its price and inclusions.',
    },
    BottomContent: {
      label: 'Closing statement',
      description: 'A tinted panel with a title, text and points with icons.',
    },
    BottomCTA: {
      label: 'Closing call to action',
      description: 'A full-width navy band with a headline and buttons.',
    },
    AboutCTA: {
      label: 'About us teaser',
      description: 'A short introduction, key facts and a link to a page.',
    },
    StatList: { label: 'Key figures', description: 'Large numbers, each with a label and a sentence.' },
    ServicesList: {
      label: 'Services list',
      description: 'Services in two columns: icon, name and description.',
    },
    ContactForm: { label: 'Contact form', description: 'The form visitors use to send a message.' },
    WhiteSpace: { label: 'Blank space', description: 'Empty space between components.' },
  };

/** The name a person reads for a stored component type (unknown names are shown as stored). */
export function componentLabel(name: string): string {
  return (WEBSITE_COMPONENT_LABELS as Record<string, { label: string } | undefined>)[name]?.label ?? name;
}

/** A page as the builder edits it: the draft when there is one, otherwise what visitors see. */
export interface WebsiteEditorPage {
  id: number;
  name: string;
  url: string;
  components: string[];
  componentProps: ComponentProps[];
  /** Saved changes visitors do not see yet. */
  has_draft: boolean;
  draft_saved_at: string | null;
  /** When the live version was published; null while the page has never been published. */
  published_at: string | null;
  /** The url visitors reach the published page at (the draft may move it). */
  published_url: string | null;
  updated_at: string;
}

export const WEBSITE_DRAFT_MSG = {
  draftSaved: 'Draft saved. Visitors still see the published page until you Publish.',
  published: 'Published: visitors now see this version.',
  nothingToPublish: 'There are no saved changes to publish. Save a draft first.',
  unsavedBeforePublish: 'Save your changes as a draft and preview them before you publish.',
  confirmPublish:
    'Publish the saved draft? Visitors will see it at once; the live version is kept in the list.',
  restoredToDraft:
    'The earlier version is now your draft. Preview it, then Publish to put it back on the site.',
  confirmRestore:
    'Make this version your draft? Your current draft is replaced; the live page does not change.',
  previewBanner: 'Preview of the saved draft: visitors do not see these changes until you publish.',
  neverPublished: 'Not published yet: visitors see "No page exists here." at this url.',
} as const;
