/**
 * The public pages (landing, About Us, Contact Us) as page-builder data: the server creates them when
 * missing and staff edit them in the page builder like any other page. Copy follows the spec's claims.
 */
import type { ComponentProps } from './website';

interface PageContent {
  components: string[];
  componentProps: ComponentProps[];
}

const CONTACT_LINK = '/contact-us/';

export const LANDING_PAGE: PageContent = {
  components: [
    'TopContent',
    'FeaturesList',
    'StatList',
    'MiddleContent2',
    'MiddleContent',
    'BottomContent',
    'AboutCTA',
    'BottomCTA',
  ],
  componentProps: [
    {
      eyebrow: 'Medical-records retrieval for law firms',
      title: "Your clients' medical records, without the chase",
      subtitle:
        'Direct Docs requests, follows up on and delivers medical records from healthcare providers, so your attorneys and paralegals can stay focused on the case.',
      primaryLabel: 'Get Started',
      primaryLink: '/signup/',
      secondaryLabel: 'Contact Us',
      secondaryLink: CONTACT_LINK,
      highlights: 'Flat rate per request, No contracts, HIPAA safeguards',
      image: '',
      gradientFrom: '#0b2a4a',
      gradientTo: '#1f5fa8',
    },
    {
      eyebrow: 'Why Direct Docs',
      title: 'Records retrieval your firm can count on',
      subtitle: 'We handle the requests, the phone calls and the follow-ups. You get the records.',
      items: 'Fast, Efficient, Reliable, Secure',
      descriptions: [
        '"We send each request promptly and follow up with providers until the records arrive, so your case keeps moving."',
        '"Order from one or several providers in a single request, then follow statuses, notes and documents from one dashboard."',
        '"A dedicated team works every request from start to finish and keeps you informed at each step."',
        '"Records and authorizations are stored and delivered with safeguards built for protected health information."',
      ].join(', '),
      icons: 'bolt, adjustments, shield-check, lock',
      background: '',
    },
    {
      eyebrow: 'What you can expect',
      title: 'Simple terms, dependable results',
      subtitle: '',
      values: '3 weeks, Flat rate, HIPAA',
      labels: 'Average turnaround, Per request, Privacy safeguards',
      descriptions: [
        '"A three-week average turnaround, from your request to records ready to download."',
        '"A flat rate per request, with no contracts, start-up fees or monthly minimums."',
        '"Safeguards for health-information privacy under HIPAA, from upload to download."',
      ].join(', '),
      background: '#f5f8fc',
    },
    {
      eyebrow: 'How it works',
      title: 'From request to records in three steps',
      subtitle: '',
      steps: 'Submit your request, We work the providers, Download your records',
      descriptions: [
        '"Choose your client and the providers, pick the record types you need and upload the HIPAA authorization."',
        '"Our staff contact each provider, log every follow-up and keep the request moving until the records arrive."',
        '"Once the records arrive, download them securely from your dashboard, where they stay with the request."',
      ].join(', '),
      background: '',
    },
    {
      eyebrow: 'Your dashboard',
      title: 'Every request, visible at a glance',
      text: 'See where each request stands without a single phone call. Your dashboard shows the status of every request, the notes our team adds along the way and the documents as they arrive.',
      bullets:
        'Track each request through every status, Add notes and upload supporting documents, "Download records the moment they are ready"',
      buttonLabel: '',
      buttonLink: '',
      image: '',
      imageSide: 'right',
      background: '#f5f8fc',
    },
    {
      eyebrow: 'Privacy first',
      title: 'Built to protect health information',
      text: "Medical records are among the most sensitive documents your firm handles. We treat them that way, with safeguards for health-information privacy at every step of a request's life.",
      points:
        'Access limited to your firm, Every upload and download logged, Secure time-limited download links, Automatic sign-out when idle',
      icons: 'users, list-check, lock, clock',
      panelColor: '#eef4fb',
      background: '',
    },
    {
      eyebrow: 'About us',
      title: 'A Colorado company serving firms nationwide',
      text: 'Direct Docs works with attorneys, insurers and other firms across the country, handling the medical-records retrieval that slows cases down.',
      facts: 'Based in Colorado, "Serving attorneys, insurers and other firms nationwide"',
      icons: 'map-pin, scale',
      buttonLabel: 'Learn more about us',
      buttonLink: '/about-us/',
      background: '#f5f8fc',
    },
    {
      title: 'Ready to hand off your next records request?',
      text: "Tell us about your firm and we'll show you how Direct Docs can take medical-records retrieval off your team's plate.",
      buttonLabel: 'Contact Us',
      buttonLink: CONTACT_LINK,
      secondaryLabel: '',
      secondaryLink: '',
      gradientFrom: '#0b2a4a',
      gradientTo: '#1f5fa8',
    },
  ],
};

export const ABOUT_PAGE: PageContent = {
  components: ['Header', 'Paragraph', 'Customers', 'ServicesList', 'Service', 'BottomCTA'],
  componentProps: [
    {
      eyebrow: 'About Direct Docs',
      title: 'Medical-records retrieval, handled by people who care about the details',
      subtitle: 'Based in Colorado. Serving attorneys, insurers and other firms nationwide.',
      gradientFrom: '#0b2a4a',
      gradientTo: '#1c4e80',
    },
    {
      title: 'Who we are',
      text: [
        'Direct Docs is a medical-records retrieval company based in Colorado. We serve attorneys, insurers and other firms nationwide, taking the time-consuming work of requesting, following up on and collecting medical records off their desks.',
        'Our staff handle every request personally. We prepare the request, contact each provider, log every follow-up and check the documents before they reach you. You follow the progress online and download the records as soon as they are ready.',
        'Because medical records hold protected health information, privacy is part of how we work, not an afterthought: access is limited to the people who need it, and every upload and download is recorded.',
      ].join('\n\n'),
      align: 'left',
      background: '',
    },
    {
      eyebrow: 'Who we serve',
      title: 'Records retrieval for every kind of case',
      subtitle: '',
      items: 'Attorneys, Insurers, Other firms',
      descriptions: [
        '"Personal-injury, medical-malpractice and other practices that need complete records to build a case."',
        '"Claims teams that need medical documentation gathered quickly and handled carefully."',
        '"Any organisation that needs medical records retrieved from providers on a client\'s behalf."',
      ].join(', '),
      icons: 'scale, shield-check, building',
      logos: '',
      background: '#f5f8fc',
    },
    {
      eyebrow: 'What we do',
      title: 'We handle the whole retrieval',
      subtitle: '',
      items: 'Request preparation, Provider follow-up, Document review, Secure delivery',
      descriptions: [
        '"We prepare each request with the authorization and details the provider needs to respond."',
        '"We contact providers and keep following up, logging every step so you always know where things stand."',
        '"We check incoming documents against the request before we send the request back to you."',
        '"Records are delivered to your dashboard, with every download logged."',
      ].join(', '),
      icons: 'clipboard-list, headset, file-certificate, download',
      background: '',
    },
    {
      eyebrow: 'Pricing',
      title: 'Straightforward pricing',
      text: 'You pay one flat rate per request. There are no contracts, no start-up fees and no monthly minimums: use Direct Docs when you need it.',
      icon: 'receipt',
      cardTitle: 'Medical-records retrieval',
      price: 'Flat rate',
      priceNote: 'per request',
      includes: 'No contracts, No start-up fees, No monthly minimums, Three-week average turnaround',
      buttonLabel: 'Contact Us',
      buttonLink: CONTACT_LINK,
      background: '#f5f8fc',
    },
    {
      title: "Let's talk about your records requests",
      text: 'Send us a message and a member of our team will get back to you.',
      buttonLabel: 'Contact Us',
      buttonLink: CONTACT_LINK,
      secondaryLabel: '',
      secondaryLink: '',
      gradientFrom: '#0b2a4a',
      gradientTo: '#1f5fa8',
    },
  ],
};

export const CONTACT_PAGE: PageContent = {
  components: ['Header', 'ContactForm', 'CTA1'],
  componentProps: [
    {
      eyebrow: 'Contact Us',
      title: "We'd like to hear from you",
      subtitle:
        'Questions about a request, pricing or getting started? Send us a message and our team will get back to you.',
      gradientFrom: '#0b2a4a',
      gradientTo: '#1c4e80',
    },
    {
      title: 'Send us a message',
      text: 'Fields marked with an asterisk are required.',
      buttonLabel: 'Send Message',
      industries: 'Law firm, Insurance, Healthcare provider, Other',
      asideTitle: 'Direct Docs',
      asideText: 'Medical-records retrieval for attorneys, insurers and other firms nationwide.',
      asidePoints: 'Based in Colorado, Serving firms nationwide, "Flat rate per request, no contracts"',
      asideIcons: 'map-pin, scale, receipt',
      background: '',
    },
    {
      title: 'Already a client?',
      text: 'Log in to submit a new request or check on the ones in progress.',
      buttonLabel: 'Log In',
      buttonLink: '/login/',
      panelColor: '#e8f1fa',
      background: '',
    },
  ],
};

/** The built-in pages, created at start-up when their url has no page (never overwritten). */
export const BUILT_IN_PAGES = [
  { name: 'Home', url: '/', ...LANDING_PAGE },
  { name: 'About Us', url: '/about-us/', ...ABOUT_PAGE },
  { name: 'Contact Us', url: '/contact-us/', ...CONTACT_PAGE },
] as const;
