import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useYearCompassTexts } from '../hooks/useYearCompassTexts';
import { isSectionComplete, sectionGroups, type SectionEntry } from '../year-compass-data';

export interface SectionNavProps {
  entries: Readonly<Record<number, SectionEntry>>;
  selected: number;
  /** `moveFocus` is false for the select, whose keyboard use must not be interrupted. */
  onSelect(sectionNumber: number, moveFocus?: boolean): void;
}

/** A section's nav text from the server, or 'Section {n}' while it loads or if it failed. */
function useSectionName() {
  const { t } = useYearCompassTexts();
  return (entries: SectionNavProps['entries'], n: number) => {
    const entry = entries[n];
    return entry?.status === 'ready' && entry.section.UiNavText
      ? entry.section.UiNavText
      : t('app.sectionFallback', { n });
  };
}

/**
 * The sidebar (part 2 §2): sections up to 12 under the past-year heading, the rest under the
 * future-year heading, each with its nav text. On small screens a native select with the same
 * two groups takes its place.
 */
export function SectionNav({ entries, selected, onSelect }: SectionNavProps) {
  const { t, years } = useYearCompassTexts();
  const name = useSectionName();
  const groups = sectionGroups();
  const pastId = useId();
  const futureId = useId();
  const headings = [
    { id: pastId, label: t('app.pastYear', { year: years.pastYear }), numbers: groups.past, testId: 'nav-past' },
    {
      id: futureId,
      label: t('app.futureYear', { year: years.futureYear }),
      numbers: groups.future,
      testId: 'nav-future',
    },
  ];

  return (
    <>
      <Paper
        component="nav"
        variant="outlined"
        aria-label={t('app.sections')}
        data-testid="section-nav"
        sx={{ display: { xs: 'none', md: 'block' }, py: 1, position: 'sticky', top: 80 }}
      >
        {headings.map((group) => (
          <Box key={group.id} data-testid={group.testId} sx={{ '& + &': { mt: 1 } }}>
            <Typography
              id={group.id}
              component="h2"
              variant="overline"
              sx={{ display: 'block', px: 2, pt: 0.5, color: 'text.secondary', fontWeight: 700, lineHeight: 2 }}
            >
              {group.label}
            </Typography>
            <List dense disablePadding aria-labelledby={group.id}>
              {group.numbers.map((n) => {
                const entry = entries[n];
                const complete = entry?.status === 'ready' && isSectionComplete(entry.section);
                return (
                  <li key={n}>
                    <ListItemButton
                      selected={n === selected}
                      aria-current={n === selected ? 'true' : undefined}
                      onClick={() => onSelect(n)}
                      data-testid={`nav-section-${n}`}
                      sx={{ py: 0.5 }}
                    >
                      <ListItemText
                        primary={`${n}. ${name(entries, n)}`}
                        slotProps={{ primary: { sx: { fontWeight: n === selected ? 700 : 400 } } }}
                      />
                      {complete && (
                        <CheckCircleOutlined
                          fontSize="small"
                          color="success"
                          titleAccess={t('app.complete')}
                          sx={{ ml: 1 }}
                        />
                      )}
                    </ListItemButton>
                  </li>
                );
              })}
            </List>
          </Box>
        ))}
      </Paper>

      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('app.sectionSelect')}
          value={selected}
          onChange={(event) => onSelect(Number(event.target.value), false)}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'section-select' } }}
        >
          {headings.map((group) => (
            <optgroup key={group.id} label={group.label}>
              {group.numbers.map((n) => (
                <option key={n} value={n}>
                  {t('app.sectionOption', { n, name: name(entries, n) })}
                </option>
              ))}
            </optgroup>
          ))}
        </TextField>
      </Box>
    </>
  );
}
