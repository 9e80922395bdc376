/**
 * Every section type a website page can use, by the name stored in the page's `components` list.
 * The page builder reads `fields` to build its property editor and `defaults` for a new section.
 */
import { isWebsiteComponentName, WEBSITE_COMPONENT_NAMES, type WebsiteComponentName } from '@dd/shared';
import { ABOUT_CTA_SECTION } from './about-cta';
import { BOTTOM_CONTENT_SECTION } from './bottom-content';
import { BOTTOM_CTA_SECTION } from './bottom-cta';
import { CONTACT_FORM_SECTION } from './contact-form';
import { CTA1_SECTION } from './cta1';
import { CUSTOMERS_SECTION } from './customers';
import { FEATURES_LIST_SECTION } from './features-list';
import { HEADER_SECTION } from './header';
import { MIDDLE_CONTENT_SECTION } from './middle-content';
import { MIDDLE_CONTENT2_SECTION } from './middle-content2';
import { PARAGRAPH_SECTION } from './paragraph';
import { SERVICE_SECTION } from './service';
import { SERVICES_LIST_SECTION } from './services-list';
import { STAT_LIST_SECTION } from './stat-list';
import { TOP_CONTENT_SECTION } from './top-content';
import type { SectionType } from './types';
import { WHITE_SPACE_SECTION } from './white-space';

export const SECTION_NAMES = WEBSITE_COMPONENT_NAMES;
export type SectionName = WebsiteComponentName;

export const SECTION_TYPES = {
  Paragraph: PARAGRAPH_SECTION,
  Header: HEADER_SECTION,
  TopContent: TOP_CONTENT_SECTION,
  FeaturesList: FEATURES_LIST_SECTION,
  CTA1: CTA1_SECTION,
  MiddleContent: MIDDLE_CONTENT_SECTION,
  Customers: CUSTOMERS_SECTION,
  MiddleContent2: MIDDLE_CONTENT2_SECTION,
  Service: SERVICE_SECTION,
  BottomContent: BOTTOM_CONTENT_SECTION,
  BottomCTA: BOTTOM_CTA_SECTION,
  AboutCTA: ABOUT_CTA_SECTION,
  StatList: STAT_LIST_SECTION,
  ServicesList: SERVICES_LIST_SECTION,
  ContactForm: CONTACT_FORM_SECTION,
  WhiteSpace: WHITE_SPACE_SECTION,
} as const satisfies Record<SectionName, SectionType>;

export const isSectionName = isWebsiteComponentName;
