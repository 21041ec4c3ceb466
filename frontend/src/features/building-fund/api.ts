import type { Pledge, PledgeRequest } from '@gather/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

export function usePledge() {
  return useMutation({ mutationFn: (pledge: PledgeRequest) => api.post<Pledge>('/api/building-fund/', pledge) });
}
