import { toast } from 'react-toastify';
import { t } from '../../../lib/i18n.ts';
import { reasonOf } from '../../../lib/error-reason.ts';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { loadedRows } from '../../../lib/paged-list.ts';
import { useUsers } from '../api/get-users.ts';
import { usePromoteUser } from '../api/promote-user.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';

/**
 * Make Admin (spec section 2): every user with a 'Make Admin' button for non-admins.
 * Login required only; the server answers non-admins 403, and a 403 on the list goes
 * home (section 4), on the promote call it toasts 'Operation Failed' (section 8).
 * Users come 100 a page; 'Load more' under the table shows when the server names a next page.
 */
export default function MakeAdminPage() {
  const users = useUsers();
  const promote = usePromoteUser();

  const makeAdmin = (email: string) =>
    promote.mutate(email, {
      onSuccess: (result) => {
        if (result.modifiedCount > 0) toast.success(t.userPromoted);
      },
      onError: (error) =>
        toast.error(error instanceof ApiError && error.status === 403 ? t.promoteFailed : reasonOf(error)),
    });

  return (
    <DashboardPage title={t.makeAdmin}>
      <PagedList
        query={users}
        rows={loadedRows(users.data)}
        loadingLabel={t.loadingUsers}
        failed={t.couldNotLoadUsers}
        noun={t.nounUsers}
      >
        {(list) => (
          <DataTable
            columns={[
              { label: '#' },
              { label: t.name },
              { label: t.email, wideOnly: true },
              { label: t.promote },
            ]}
          >
            {list.map((user, index) => {
              const busy = promote.isPending && promote.variables === user.email;
              return (
                <tr key={user._id}>
                  <th scope="row">{index + 1}</th>
                  <td>
                    <span className="font-medium max-sm:text-sm">{user.name}</span>
                    {/* On phones the email sits under the name instead of in its own column. */}
                    <span className="block text-xs break-all text-base-content/70 sm:hidden">
                      {user.email}
                    </span>
                  </td>
                  <td className="hidden sm:table-cell">{user.email}</td>
                  <td>
                    {user.role === 'admin' ? (
                      <span className="badge badge-primary badge-soft">{t.admin}</span>
                    ) : (
                      <BusyButton
                        type="button"
                        className="btn-secondary whitespace-nowrap"
                        onClick={() => makeAdmin(user.email)}
                        busy={busy}
                        disabled={promote.isPending}
                      >
                        {t.makeAdmin}
                      </BusyButton>
                    )}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </PagedList>
    </DashboardPage>
  );
}
