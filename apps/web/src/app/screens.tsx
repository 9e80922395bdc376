import { type ComponentType, lazy } from 'react';
import { prefetchPage } from '../features/website/api';
import type { ScreenProps } from '../ui';
import type { ScreenKey } from './route-table';

/** Which component each route-table screen shows. */

interface Entry {
  component: ComponentType<ScreenProps>;
  /** Full-width page without the content container (marketing pages). */
  bare?: boolean;
  /** Only for users of the internal company; others go to /dashboard/. */
  internalOnly?: boolean;
}

const accounts = () => import('../features/accounts');
const website = () => import('../features/website/screens');
const LoginScreen = lazy(() => accounts().then((m) => ({ default: m.LoginScreen })));
// Apart from the accounts chunk: their forms check zod schemas, which sign-in's first load must not carry.
const SignupScreen = lazy(() =>
  import('../features/accounts/SignupScreen').then((m) => ({ default: m.SignupScreen })),
);
const ResetRequestScreen = lazy(() =>
  import('../features/accounts/PasswordResetRequestScreen').then((m) => ({
    default: m.PasswordResetRequestScreen,
  })),
);
const ResetScreen = lazy(() =>
  import('../features/accounts/PasswordResetScreen').then((m) => ({ default: m.PasswordResetScreen })),
);
const ConfirmEmailScreen = lazy(() => accounts().then((m) => ({ default: m.ConfirmEmailScreen })));
const LogoutScreen = lazy(() => accounts().then((m) => ({ default: m.LogoutScreen })));
/** A website screen whose page content starts loading with its code, not after it (the first paint). */
const websiteScreen = (name: 'LandingScreen' | 'AboutScreen' | 'ContactScreen' | 'WebsitePageScreen') =>
  lazy(() => {
    prefetchPage(window.location.pathname);
    return website().then((m) => ({ default: m[name] }));
  });
const LandingScreen = websiteScreen('LandingScreen');
const AboutScreen = websiteScreen('AboutScreen');
const ContactScreen = websiteScreen('ContactScreen');
const WebsitePageScreen = websiteScreen('WebsitePageScreen');
const DashboardScreen = lazy(() => import('../features/dashboard/DashboardScreen'));
const SignScreen = lazy(() => import('../features/signing/SignScreen'));
const OldDashboardScreen = lazy(() => import('../features/dashboard/OldDashboardScreen'));
const OutboxScreen = lazy(() => import('../features/outbox/OutboxScreen'));
const RolesScreen = lazy(() => import('../features/roles').then((m) => ({ default: m.RolesScreen })));
const ApiKeysScreen = lazy(() => import('../features/api-keys').then((m) => ({ default: m.ApiKeysScreen })));
const WebhooksScreen = lazy(() =>
  import('../features/webhooks').then((m) => ({ default: m.WebhooksScreen })),
);
const RecordsSearchScreen = lazy(() =>
  import('../features/records-search').then((m) => ({ default: m.RecordsSearchScreen })),
);
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

const dataAdmin = () => import('../features/data-admin');
const AdminScreen = lazy(() => dataAdmin().then((m) => ({ default: m.AdminScreen })));
const AppListScreen = lazy(() => dataAdmin().then((m) => ({ default: m.AppListScreen })));
const ModelsScreen = lazy(() => dataAdmin().then((m) => ({ default: m.ModelsScreen })));
const InstancesScreen = lazy(() => dataAdmin().then((m) => ({ default: m.InstancesScreen })));
const InstanceScreen = lazy(() => dataAdmin().then((m) => ({ default: m.InstanceScreen })));
const ModelMakerScreen = lazy(() => dataAdmin().then((m) => ({ default: m.ModelMakerScreen })));
const ApiDocsScreen = lazy(() => dataAdmin().then((m) => ({ default: m.ApiDocsScreen })));
const DiskUsageScreen = lazy(() => dataAdmin().then((m) => ({ default: m.DiskUsageScreen })));
const LoggedInScreen = lazy(() => dataAdmin().then((m) => ({ default: m.LoggedInScreen })));
const MyCrashpadsScreen = lazy(() =>
  import('../features/listings').then((m) => ({ default: m.MyCrashpadsScreen })),
);
const TestScreen = lazy(() => dataAdmin().then((m) => ({ default: m.TestScreen })));
const RecordCards = (props: ScreenProps) => <InstancesScreen {...props} view="cards" />;
const RecordTable = (props: ScreenProps) => <InstancesScreen {...props} view="table" />;

export const SCREEN_REGISTRY: Record<ScreenKey, Entry> = {
  '': { component: LandingScreen, bare: true },
  'about-us': { component: AboutScreen, bare: true },
  'contact-us': { component: ContactScreen, bare: true },
  login: { component: LoginScreen },
  signup: { component: SignupScreen },
  passwordresetrequest: { component: ResetRequestScreen },
  passwordreset: { component: ResetScreen },
  confirmemail: { component: ConfirmEmailScreen },
  sign: { component: SignScreen },
  logout: { component: LogoutScreen },
  dashboard: { component: DashboardScreen },
  old_dashboard: { component: OldDashboardScreen },
  companylist: { component: CompanyListScreen, internalOnly: true },
  editcompany: { component: EditCompanyScreen },
  inviteusers: { component: InviteUsersScreen },
  ghostusers: { component: GhostUsersScreen },
  emailoutbox: { component: OutboxScreen, internalOnly: true },
  roles: { component: RolesScreen, internalOnly: true },
  apikeys: { component: ApiKeysScreen },
  webhooks: { component: WebhooksScreen },
  searchrecords: { component: RecordsSearchScreen },
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
  admin: { component: AdminScreen },
  applist: { component: AppListScreen, internalOnly: true },
  models: { component: ModelsScreen, internalOnly: true },
  modelinstances: { component: RecordCards, internalOnly: true },
  modelinstancestable: { component: RecordTable, internalOnly: true },
  instance: { component: InstanceScreen, internalOnly: true },
  modelmaker: { component: ModelMakerScreen, internalOnly: true },
  apidocs: { component: ApiDocsScreen, internalOnly: true },
  diskusage: { component: DiskUsageScreen, internalOnly: true },
  test: { component: TestScreen, internalOnly: true },
  loggedin: { component: LoggedInScreen },
  mycrashpads: { component: MyCrashpadsScreen },
};
