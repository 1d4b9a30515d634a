import type {
  ChangePasswordRequest,
  MessageResponse,
  PortraitResponse,
  ProfileResponse,
  ProfileUpdateRequest,
  ProfileUpdateResponse,
} from '@clari/contracts';
import { api } from './api';
import { apiPaths } from '../config/api-paths';

export const getProfile = (signal?: AbortSignal) => api<ProfileResponse>('/api/profile', { signal });
export const updateProfile = (body: ProfileUpdateRequest) =>
  api<ProfileUpdateResponse>('/api/update', { method: 'PUT', body });
export const changePassword = (body: ChangePasswordRequest) =>
  api<MessageResponse>('/api/auth/change-password', { method: 'POST', body });
export const deleteAccount = () => api<MessageResponse>('/api/delete', { method: 'DELETE' });
export const getPortrait = (signal?: AbortSignal) => api<PortraitResponse>(apiPaths.portrait, { signal });
export function uploadPortrait(file: File): Promise<PortraitResponse> {
  const form = new FormData();
  form.append('portrait', file);
  return api<PortraitResponse>('/api/profile/portrait/upload', { method: 'POST', body: form });
}
export const EXPORT_URL = '/api/export';
