import Box from '@mui/material/Box';

/** The placeholder picture of an image box without a picture (part 2 §9): hills under a sun. */
export function PlaceholderPicture({ label }: { label: string }) {
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="box-image-placeholder"
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 480,
        aspectRatio: '4 / 3',
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: '#eef4f3',
      }}
    >
      <svg
        viewBox="0 0 240 180"
        width="100%"
        height="100%"
        aria-hidden="true"
        focusable="false"
        preserveAspectRatio="xMidYMid slice"
      >
        <rect width="240" height="180" fill="#eef4f3" />
        <circle cx="176" cy="52" r="20" fill="#f3c77a" />
        <path d="M0 138 L58 84 L104 124 L150 76 L240 146 L240 180 L0 180 Z" fill="#9cc3bd" />
        <path d="M0 160 L70 118 L128 150 L186 116 L240 156 L240 180 L0 180 Z" fill="#2f6f6a" opacity="0.55" />
      </svg>
      <Box
        component="span"
        sx={{
          position: 'absolute',
          left: 12,
          bottom: 10,
          px: 1,
          py: 0.25,
          borderRadius: 1,
          bgcolor: 'rgba(255,255,255,0.92)',
          color: 'text.primary',
          typography: 'caption',
          fontWeight: 600,
        }}
        aria-hidden="true"
      >
        {label}
      </Box>
    </Box>
  );
}
