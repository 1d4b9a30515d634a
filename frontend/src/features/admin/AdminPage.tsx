import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZES, type AdminUsersResponse } from '@clari/contracts';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../components/auth/AuthProvider';
import '../../components/auth/account-i18n';
import { listUsers } from './admin-api';

const SEARCH_DELAY_MS = 300;

/** The pagination buttons' names (MUI's own are English only). */
const PAGE_BUTTON_LABELS = {
  first: 'admin.firstPage',
  last: 'admin.lastPage',
  next: 'admin.nextPage',
  previous: 'admin.previousPage',
} as const;

/** Names and e-mail addresses of all users, and nothing else; admins only (the server enforces it). */
export default function AdminPage() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(25);
  const [data, setData] = useState<AdminUsersResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const controller = new AbortController();
    listUsers(query, page + 1, pageSize, controller.signal)
      .then((result) => {
        setData(result);
        setError('');
      })
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        setError(caught instanceof ApiError && caught.status === 403 ? t('admin.forbidden') : t('admin.loadFailed'));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [query, page, pageSize, t]);

  if (user?.role !== 'admin') {
    return (
      <Container maxWidth="md">
        <Alert severity="warning" data-testid="admin-forbidden">
          {t('admin.forbidden')}
        </Alert>
      </Container>
    );
  }

  return (
    <Container maxWidth="md">
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('admin.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('admin.subtitle')}
      </Typography>
      <TextField
        label={t('admin.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setLoading(true);
        }}
        fullWidth
        sx={{ mb: 2 }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Paper variant="outlined">
        {loading && <LinearProgress aria-label={t('common.loading', { ns: 'common' })} />}
        <TableContainer>
          <Table size="small" aria-label={t('admin.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.name')}</TableCell>
                <TableCell>{t('admin.email')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody data-testid="admin-rows">
              {data?.items.map((row) => (
                <TableRow key={row.email}>
                  <TableCell>{row.full_name}</TableCell>
                  <TableCell>{row.email}</TableCell>
                </TableRow>
              ))}
              {data && data.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={2}>{t('admin.empty')}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          onPageChange={(_, next) => {
            setPage(next);
            setLoading(true);
          }}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...ADMIN_PAGE_SIZES]}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
            setLoading(true);
          }}
          labelRowsPerPage={t('admin.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            count === -1 ? t('admin.displayedRowsMore', { from, to }) : t('admin.displayedRows', { from, to, count })
          }
          getItemAriaLabel={(type) => t(PAGE_BUTTON_LABELS[type])}
        />
      </Paper>
    </Container>
  );
}
