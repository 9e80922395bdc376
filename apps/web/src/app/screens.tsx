import { type ComponentType, lazy } from 'react';
import { FRAMES, type Frame } from '../features/frames';
import type { ScreenProps } from '../ui';
import type { ScreenKey } from './route-table';

/** Which component each route-table screen shows. */

interface Entry {
  /** The screen; when absent the entry's frame (heading and purpose) is shown. */
  component?: ComponentType<ScreenProps>;
  frame?: Frame;
  /** Full-width page without the content container (marketing pages). */
  bare?: boolean;
  /** Only for users of the internal company; others go to /dashboard/. */
  internalOnly?: boolean;
}

const accounts = () => import('../features/accounts');
const website = () => import('../features/website/screens');
const LoginScreen = lazy(() => accounts().then((m) => ({ default: m.LoginScreen })));
const SignupScreen = lazy(() => accounts().then((m) => ({ default: m.SignupScreen })));
const ResetRequestScreen = lazy(() => accounts().then((m) => ({ default: m.PasswordResetRequestScreen })));
const ResetScreen = lazy(() => accounts().then((m) => ({ default: m.PasswordResetScreen })));
const ConfirmEmailScreen = lazy(() => accounts().then((m) => ({ default: m.ConfirmEmailScreen })));
const LogoutScreen = lazy(() => accounts().then((m) => ({ default: m.LogoutScreen })));
const LandingScreen = lazy(() => website().then((m) => ({ default: m.LandingScreen })));
const AboutScreen = lazy(() => website().then((m) => ({ default: m.AboutScreen })));
const ContactScreen = lazy(() => website().then((m) => ({ default: m.ContactScreen })));
const WebsitePageScreen = lazy(() => website().then((m) => ({ default: m.WebsitePageScreen })));
const DashboardScreen = lazy(() => import('../features/dashboard/DashboardScreen'));
const OldDashboardScreen = lazy(() => import('../features/dashboard/OldDashboardScreen'));
const OutboxScreen = lazy(() => import('../features/outbox/OutboxScreen'));
const RolesScreen = lazy(() => import('../features/roles').then((m) => ({ default: m.RolesScreen })));
const ProviderListScreen = lazy(() => import('../features/providers/ProviderListScreen'));
const EditProviderScreen = lazy(() => import('../features/providers/EditProviderScreen'));
const requestsFeature = () => import('../features/requests');
const EditRequestScreen = lazy(() => requestsFeature().then((m) => ({ default: m.EditRequestScreen })));
const RequestDetailScreen = lazy(() => requestsFeature().then((m) => ({ default: m.RequestDetailScreen })));
const MedicalRequestScreen = lazy(() => requestsFeature().then((m) => ({ default: m.MedicalRequestScreen })));

const companiesFeature = () => import('../features/companies');
const CompanyListScreen = lazy(() => companiesFeature().then((m) => ({ default: m.CompanyListScreen })));
const EditCompanyScreen = lazy(() => companiesFeature().then((m) => ({ default: m.EditCompanyScreen })));
const InviteUsersScreen = lazy(() => companiesFeature().then((m) => ({ default: m.InviteUsersScreen })));
const GhostUsersScreen = lazy(() => companiesFeature().then((m) => ({ default: m.GhostUsersScreen })));

const staffList = () => import('../features/staff-list');
const RequestListScreen = lazy(() => staffList().then((m) => ({ default: m.RequestListScreen })));
const SplitRequestScreen = lazy(() => staffList().then((m) => ({ default: m.SplitRequestScreen })));
const RequestTypesScreen = lazy(() => staffList().then((m) => ({ default: m.RequestTypesScreen })));
const NoteTemplatesScreen = lazy(() => staffList().then((m) => ({ default: m.NoteTemplatesScreen })));

const billing = () => import('../features/billing');
const InvoicesScreen = lazy(() => billing().then((m) => ({ default: m.InvoicesScreen })));
const InvoiceScreen = lazy(() => billing().then((m) => ({ default: m.InvoiceScreen })));
const BillingsScreen = lazy(() => billing().then((m) => ({ default: m.BillingsScreen })));

const DataDashboardScreen = lazy(() =>
  import('../features/data-dashboard').then((m) => ({ default: m.DataDashboardScreen })),
);

const ReportsScreen = lazy(() =>
  import('../features/staff-reports').then((m) => ({ default: m.ReportsScreen })),
);

const pdfForms = () => import('../features/pdf-forms');
const pageBuilder = () => import('../features/page-builder');
const PagesScreen = lazy(() => pageBuilder().then((m) => ({ default: m.PagesScreen })));
const PageBuilderScreen = lazy(() => pageBuilder().then((m) => ({ default: m.PageBuilderScreen })));
const ComponentsScreen = lazy(() => pageBuilder().then((m) => ({ default: m.ComponentsScreen })));
const ComponentScreen = lazy(() => pageBuilder().then((m) => ({ default: m.ComponentScreen })));

const FormListScreen = lazy(() => pdfForms().then((m) => ({ default: m.FormListScreen })));
const EditFormScreen = lazy(() => pdfForms().then((m) => ({ default: m.EditFormScreen })));

const frames = Object.fromEntries(Object.entries(FRAMES).map(([key, frame]) => [key, { frame }])) as Record<
  keyof typeof FRAMES,
  Entry
>;

export const SCREEN_REGISTRY: Record<ScreenKey, Entry> = {
  ...frames,
  '': { component: LandingScreen, bare: true },
  'about-us': { component: AboutScreen, bare: true },
  'contact-us': { component: ContactScreen, bare: true },
  login: { component: LoginScreen },
  signup: { component: SignupScreen },
  passwordresetrequest: { component: ResetRequestScreen },
  passwordreset: { component: ResetScreen },
  confirmemail: { component: ConfirmEmailScreen },
  logout: { component: LogoutScreen },
  dashboard: { component: DashboardScreen },
  old_dashboard: { component: OldDashboardScreen },
  companylist: { component: CompanyListScreen, internalOnly: true },
  editcompany: { component: EditCompanyScreen },
  inviteusers: { component: InviteUsersScreen },
  ghostusers: { component: GhostUsersScreen },
  emailoutbox: { component: OutboxScreen, internalOnly: true },
  roles: { component: RolesScreen, internalOnly: true },
  providerlist: { component: ProviderListScreen, internalOnly: true },
  editprovider: { component: EditProviderScreen },
  website: { component: WebsitePageScreen, bare: true },
  editrequest: { component: EditRequestScreen },
  request: { component: RequestDetailScreen },
  medical_request: { component: MedicalRequestScreen },
  requestlist: { component: RequestListScreen, internalOnly: true },
  split_request: { component: SplitRequestScreen, internalOnly: true },
  list_request_types: { component: RequestTypesScreen, internalOnly: true },
  notelist: { component: NoteTemplatesScreen, internalOnly: true },
  invoices: { component: InvoicesScreen, internalOnly: true },
  invoice: { component: InvoiceScreen },
  billings: { component: BillingsScreen },
  data_dashboard: { component: DataDashboardScreen, internalOnly: true },
  report: { component: ReportsScreen, internalOnly: true },
  formlist: { component: FormListScreen, internalOnly: true },
  editform: { component: EditFormScreen, internalOnly: true },
  pages: { component: PagesScreen, internalOnly: true },
  pagelist: { component: PagesScreen, internalOnly: true },
  pagebuilder: { component: PageBuilderScreen, internalOnly: true },
  components: { component: ComponentsScreen, internalOnly: true },
  component: { component: ComponentScreen, internalOnly: true },
};
