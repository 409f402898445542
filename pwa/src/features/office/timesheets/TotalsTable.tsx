// Hours per cleaner for the period: all submitted, and approved (what payroll pays).
import type { TimesheetTotal } from '@shared/schemas/timesheets';
import { TableHead } from '@/components/TableHead';

export function TotalsTable({ totals, onPick }: { totals: TimesheetTotal[]; onPick: (employeeId: string) => void; }) {
  if (!totals.length) return null;
  return (
    <>
      <h2 className="ofc-subhead">Totals per cleaner</h2>
      <table className="ofc-table ofc-totals">
        <TableHead columns={['Cleaner', 'Submissions', 'Hours', 'Approved hours']} />
        <tbody>
          {totals.map((t) => (
            <tr key={t.employee.id}>
              <td data-label="Cleaner">
                <button type="button" className="ofc-linkbtn" onClick={() => onPick(t.employee.id)}>
                  {t.employee.name}
                </button>
              </td>
              <td data-label="Submissions">{t.submissions}</td>
              <td data-label="Hours">{t.hours}</td>
              <td data-label="Approved hours">
                <strong>{t.approved_hours}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
