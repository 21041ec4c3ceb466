import type { GiftAidClaim, GiftAidClaimRequest, GiftAidDeclaration } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

const CLAIMS = '/api/admin/gift-aid/claims/';
const claimsKey = ['gift-aid', 'claims'] as const;
const declarationsKey = (email: string) => ['gift-aid', 'declarations', email] as const;

export function useGiftAidClaims() {
  return useQuery({ queryKey: claimsKey, queryFn: () => api.get<GiftAidClaim[]>(CLAIMS) });
}

export function usePrepareClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (range: GiftAidClaimRequest) => api.post<GiftAidClaim>(CLAIMS, range),
    onSuccess: () => client.invalidateQueries({ queryKey: claimsKey }),
  });
}

export function useDeclarations(email: string) {
  return useQuery({
    queryKey: declarationsKey(email),
    queryFn: () => api.get<GiftAidDeclaration[]>('/api/admin/gift-aid/declarations/', { email }),
    enabled: email !== '',
  });
}

export function useCancelDeclaration(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<GiftAidDeclaration>(`/api/admin/gift-aid/declarations/${id}/cancel/`),
    onSuccess: () => client.invalidateQueries({ queryKey: declarationsKey(email) }),
  });
}
