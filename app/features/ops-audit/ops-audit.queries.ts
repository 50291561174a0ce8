import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getAuditFn, type AuditFilter } from './ops-audit.functions'

export const auditQuery = (filter: AuditFilter) =>
  queryOptions({
    queryKey: ['member', 'ops', 'audit', filter],
    queryFn: async () => unwrap(await getAuditFn({ data: filter })),
  })
