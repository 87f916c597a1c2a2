import type { RouteProbe } from '../../../test/probes'

const changed = (password: string) => `${password}x9`

export const probes: RouteProbe[] = [
  { route: 'GET /backend/user/info', about: 'the caller', request: () => ({}) },
  {
    route: 'POST /backend/user/save',
    about: 'the caller',
    request: ({ world }) => ({ body: { email: world.a.owner.email, nickname: 'owner' } }),
  },
  {
    route: 'POST /backend/user/language',
    about: 'the caller',
    request: () => ({ body: { language: 'en-us' } }),
  },
  {
    route: 'POST /backend/user/password/save',
    about: 'the caller',
    request: ({ world }) => ({
      body: {
        old_password: world.a.owner.password,
        new_password: changed(world.a.owner.password),
        confirm_password: changed(world.a.owner.password),
      },
    }),
    // Later probes log the owner in with the original password.
    restore: async ({ world, ownerCall }) => {
      const original = world.a.owner.password
      await ownerCall('POST', '/backend/user/password/save', {
        body: { old_password: changed(original), new_password: original, confirm_password: original },
      })
    },
  },
]
