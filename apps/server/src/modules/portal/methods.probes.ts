import type { ProbeContext, RouteProbe } from '../../../test/probes'

const member = () => ({
  account: `m${Math.random().toString(36).slice(2, 12)}`,
  password: 'guest123',
  info: 'room 12',
})

/** A member of tenant A, made by its owner, for the calls that name one. */
async function ownMember({ ownerCall }: ProbeContext): Promise<number> {
  const { id } = await ownerCall<{ id: number }>('POST', '/backend/portal/member/add', { body: member() })
  return id
}

export const probes: RouteProbe[] = [
  { route: 'GET /backend/portal/method/info', about: 'the caller', request: () => ({}) },
  {
    route: 'POST /backend/portal/method/save',
    about: 'the caller',
    request: () => ({
      body: {
        noauth_enabled: true,
        terms: { 'en-us': 'Be kind', 'zh-cn': '', es: '' },
        member_enabled: true,
        sms_enabled: false,
        sms_daily_total: 100,
        sms_phone_period: 'five_minutes',
        sms_phone_max: 1,
        sms_client_max: 3,
      },
    }),
  },
  {
    route: 'POST /backend/portal/member/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  // names nothing of tenant A: another tenant's owner adds one of its own
  {
    route: 'POST /backend/portal/member/add',
    about: 'the caller',
    creates: true,
    request: () => ({ body: member() }),
  },
  {
    route: 'POST /backend/portal/member/save',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await ownMember(context), ...member(), enabled: false } }),
  },
  {
    route: 'POST /backend/portal/member/delete',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await ownMember(context) } }),
  },
  { route: 'GET /backend/portal/member/export', about: 'the caller', request: () => ({}) },
]
