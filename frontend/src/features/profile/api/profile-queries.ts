import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortraitResponse, ProfileResponse, ProfileUpdateRequest } from '@clari/contracts';
import { changePassword, deleteAccount, getProfile, updateProfile, uploadPortrait } from '../../../lib/profile-api';
import { portraitQuery } from '../../../lib/portrait-query';

/** Cache keys of the profile's server state. */
export const profileKeys = {
  all: ['profile'] as const,
  details: () => [...profileKeys.all, 'details'] as const,
  portrait: () => portraitQuery.queryKey,
};

/** The profile; checked again on every visit, since the language toggle and the e-mail link change it elsewhere. */
export function useProfile() {
  return useQuery({ queryKey: profileKeys.details(), queryFn: ({ signal }) => getProfile(signal), staleTime: 0 });
}

export function usePortrait() {
  return useQuery(portraitQuery);
}

/** Saves the profile form; the cached profile becomes the one the server answered. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ProfileUpdateRequest) => updateProfile(request),
    onSuccess: (result) => client.setQueryData<ProfileResponse>(profileKeys.details(), result.profile),
  });
}

/** Uploads a portrait; the cached portrait becomes the new one (its URL carries the new version). */
export function useUploadPortrait() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPortrait(file),
    onSuccess: (result) => client.setQueryData<PortraitResponse>(profileKeys.portrait(), result),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: () => deleteAccount() });
}
