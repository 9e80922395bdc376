/**
 * Prints the requests list alone: while printing, the body carries data-printing and the print styles
 * (dashboard.module.css) hide the navigation, the other panels, filters and pagers.
 */
export function printSection(): void {
  const { body } = document;
  body.dataset.printing = 'requests';
  const done = () => {
    delete body.dataset.printing;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
