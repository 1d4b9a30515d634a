import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { INTERVIEW_TOKEN_PATTERN } from '@clari/contracts';
import { ApiError } from '../../../lib/api';
import { findSessionByToken } from '../api/interview-api';
import { INTERVIEW_NS } from '../interview-i18n';
import { interviewPaths } from '../interview-paths';

/** "Continue existing": the six-digit code of an earlier session leads back to it. */
export function ContinueWithCode({
  headingRef,
  onBack,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack(): void;
}) {
  const { t } = useTranslation(INTERVIEW_NS);
  const navigate = useNavigate();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Part 2 §5: exactly six characters, all digits; otherwise invalid_token, inline.
    if (!INTERVIEW_TOKEN_PATTERN.test(token)) {
      setError(t('invalid_token'));
      return;
    }
    setChecking(true);
    try {
      const found = await findSessionByToken(token);
      navigate(interviewPaths.session(found.interviewId, found.sessionId));
    } catch (failure) {
      console.error('Token lookup failed', failure);
      setError(failure instanceof ApiError && failure.status === 429 ? t('rate_limited') : t('token_not_found'));
      setChecking(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={(event: FormEvent) => void submit(event)}
      noValidate
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ fontSize: '2rem', outline: 'none' }}>
          {t('token.title')}
        </Typography>
        <Typography color="text.secondary">{t('token.intro')}</Typography>
        <TextField
          label={t('token.label')}
          placeholder="123456"
          value={token}
          onChange={(event) => {
            // Limited to six characters; typing clears the error (part 2 §5).
            setToken(event.target.value.slice(0, 6));
            setError(null);
          }}
          error={!!error}
          autoComplete="off"
          autoFocus
          sx={{ maxWidth: 240 }}
          slotProps={{
            htmlInput: {
              maxLength: 6,
              inputMode: 'numeric',
              'data-testid': 'interview-token-input',
              style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
            },
          }}
        />
        {error && (
          <Alert severity="error" role="alert" data-testid="interview-token-error">
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" startIcon={<ArrowBack />} onClick={onBack} type="button">
            {t('token.back')}
          </Button>
          <Button
            variant="contained"
            type="submit"
            disabled={checking}
            startIcon={checking ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {checking ? t('token.checking') : t('token.continue')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
