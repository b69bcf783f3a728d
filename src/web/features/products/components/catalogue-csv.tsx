import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { ProductImportReport } from '../../../../shared/schemas/product.schema.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { describedBy, FormField } from '../../../components/ui/form-field.tsx';
import { count, t } from '../../../lib/i18n.ts';
import { reasonOf } from '../../../lib/error-reason.ts';
import { useExportProducts, useImportProducts } from '../api/products-csv.ts';

/**
 * Products to CSV and back (docs/decisions/030): the whole catalogue as a file to edit in a
 * spreadsheet, and that file imported again, with the rows the server refused and why.
 */
export function CatalogueCsv() {
  const id = useId();
  const exporter = useExportProducts();
  const importer = useImportProducts();
  const [file, setFile] = useState<File | null>(null);

  const runImport = () => {
    if (!file) return;
    importer.mutate(file, { onError: (error) => toast.error(t.importFailed(reasonOf(error))) });
  };

  return (
    <div className="mb-6 grid gap-4 rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <form
          className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            runImport();
          }}
        >
          <FormField
            id={`${id}-file`}
            label={t.importCsvFile}
            hint={t.importCsvHint}
            className="min-w-0 flex-1"
          >
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className="file-input file-input-sm w-full"
              aria-describedby={describedBy(`${id}-file`, t.importCsvHint)}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </FormField>
          <BusyButton className="btn-primary btn-sm sm:mb-5" busy={importer.isPending} disabled={!file}>
            {t.importCsv}
          </BusyButton>
        </form>
        <BusyButton
          type="button"
          className="btn-outline btn-sm sm:mb-5"
          busy={exporter.isPending}
          onClick={() =>
            exporter.mutate(undefined, {
              onError: (error) => toast.error(t.exportFailed(reasonOf(error))),
            })
          }
        >
          {t.exportCsv}
        </BusyButton>
      </div>
      {importer.data && <ImportReport report={importer.data} />}
    </div>
  );
}

function ImportReport({ report }: { report: ProductImportReport }) {
  return (
    <div role="status" className="grid gap-2 text-sm">
      <p className="font-medium">{t.importDone(count(report.created), count(report.updated))}</p>
      {report.refused.length > 0 && (
        <>
          <p className="text-error">
            {t.importRefused(count(report.refused.length), report.refused.length === 1)}
          </p>
          <div className="max-w-full overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">{t.importLine}</th>
                  <th scope="col">{t.importReasons}</th>
                </tr>
              </thead>
              <tbody>
                {report.refused.map((row) => (
                  <tr key={row.line}>
                    <td className="tabular-nums">{count(row.line)}</td>
                    <td>
                      <ul className="list-disc pl-4">
                        {row.errors.map((error) => (
                          <li key={error} className="break-words">
                            {error}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
