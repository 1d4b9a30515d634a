import type {
  Language,
  YearCompassBox,
  YearCompassGenerateImageRequest,
  YearCompassImageResponse,
  YearCompassSaveSectionRequest,
  YearCompassSectionData,
} from '@clari/contracts';
import { api } from '../../../lib/api';

const BASE = '/api/yearcompass';

/** A section as older servers may send it (part 2 §3: navText and description are accepted as fallbacks). */
type SectionWire = Partial<YearCompassSectionData> & { navText?: string; description?: string };

/** The section with the current field names, whichever names the server used. */
export function normaliseSection(raw: SectionWire, sectionNumber: number): YearCompassSectionData {
  return {
    sectionNumber: raw.sectionNumber ?? sectionNumber,
    UiNavText: raw.UiNavText ?? raw.navText ?? '',
    UiSectionTitle: raw.UiSectionTitle ?? '',
    UiSectionInstruction: raw.UiSectionInstruction ?? raw.description ?? '',
    boxes: raw.boxes ?? [],
  };
}

/** GET /api/yearcompass/section/{n}; a failure throws 'Failed to fetch section {n}' (part 2 §8). */
export async function fetchSection(
  sectionNumber: number,
  language: Language,
  signal?: AbortSignal,
): Promise<YearCompassSectionData> {
  try {
    return normaliseSection(
      await api<SectionWire>(`${BASE}/section/${sectionNumber}?lang=${language}`, { signal }),
      sectionNumber,
    );
  } catch (error) {
    throw new Error(`Failed to fetch section ${sectionNumber}`, { cause: error });
  }
}

/** POST /api/yearcompass/section/{n}/box/{boxId}: one box's text; answers the saved box. */
export function saveBox(sectionNumber: number, boxId: string, content: string): Promise<YearCompassBox> {
  return api<YearCompassBox>(`${BASE}/section/${sectionNumber}/box/${encodeURIComponent(boxId)}`, {
    method: 'POST',
    body: { content },
  });
}

/** PUT /api/yearcompass/section/{n} ('Save Changes'): the listed boxes, all or none. */
export function saveSection(
  sectionNumber: number,
  request: YearCompassSaveSectionRequest,
): Promise<YearCompassSectionData> {
  return api<YearCompassSectionData>(`${BASE}/section/${sectionNumber}`, { method: 'PUT', body: request });
}

/** POST /api/yearcompass/yc-generate-image: waits for the picture (it runs on the images queue). */
export function generateImage(request: YearCompassGenerateImageRequest): Promise<YearCompassImageResponse> {
  return api<YearCompassImageResponse>(`${BASE}/yc-generate-image`, { method: 'POST', body: request });
}

/** POST /api/yearcompass/upload-image/{n}/{boxId}, multipart field `image`. */
export function uploadImage(sectionNumber: number, boxId: string, file: File): Promise<YearCompassImageResponse> {
  const form = new FormData();
  form.append('image', file, file.name || 'image');
  return api<YearCompassImageResponse>(`${BASE}/upload-image/${sectionNumber}/${encodeURIComponent(boxId)}`, {
    method: 'POST',
    body: form,
  });
}
