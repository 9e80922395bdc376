/** Public API of the data-dashboard feature: the staff data dashboard (staff home and /data_dashboard/). */

export { default as DataDashboardScreen } from './DataDashboardScreen';
export { DataDashboardView } from './DataDashboardView';
