/**
 * Screens of the route table whose working parts arrive with later issues. Each shows its heading and
 * what it is for; none shows invented data.
 */
export interface Frame {
  title: string;
  summary: string;
}

export const FRAMES = {
  admin: { title: 'Administration', summary: 'Data-administration tools for Direct Docs staff.' },
  requestlist: { title: 'To Do List', summary: 'Requests to work today, with claims and reminders.' },
  request: { title: 'Request Details', summary: 'Files, notes, provider details and status of a request.' },
  medical_request: { title: 'Medical Records Request', summary: 'Print view of a request for the provider.' },
  editrequest: { title: 'Submit A Request', summary: 'Choose a client, providers and request types.' },
  split_request: { title: 'Split Request', summary: 'Split a request across several providers.' },
  editprovider: { title: 'Provider', summary: 'Create or edit a provider, or merge it into another.' },
  providerlist: { title: 'Provider List', summary: 'Providers with e-mail, phone and form status.' },
  companylist: { title: 'Company List', summary: 'Law firms with their users, requests and dashboards.' },
  editcompany: { title: 'Edit Company Details', summary: "The firm's address, contacts and request price." },
  inviteusers: { title: 'Invite Users', summary: 'Add, edit and remove the users of a company.' },
  ghostusers: { title: 'Company User List', summary: "View the product as one of a company's users." },
  notelist: { title: 'Note Templates', summary: 'Reusable note texts for staff.' },
  diskusage: { title: 'Data Usage', summary: 'Disk snapshots: total, free and used space.' },
  list_request_types: { title: 'Request Types', summary: 'The kinds of records a request can ask for.' },
  applist: { title: 'Apps', summary: 'Applications with data models.' },
  models: { title: 'Models', summary: 'Data models of an application.' },
  modelinstances: { title: 'Records', summary: 'Records of a data model.' },
  modelinstancestable: { title: 'Records', summary: 'Records of a data model, as a table.' },
  modelmaker: { title: 'Model Configuration', summary: 'Configure data models and their fields.' },
  instance: { title: 'Record', summary: 'Create or edit one record.' },
  apidocs: { title: 'API Docs', summary: 'The HTTP API, generated from the server schemas.' },
  test: { title: 'Test', summary: 'A utility screen for staff.' },
  loggedin: { title: 'Logged In', summary: 'You are signed in.' },
} as const satisfies Record<string, Frame>;
