import { useContent, useSaveContent } from '../../content/content-provider.tsx'
import { SwitchField } from '../../screen-editors/shared/form-controls.tsx'
import type { AdminSettings } from '../../entities/admin-settings.ts'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'

type Notification = keyof AdminSettings['notifications']

const SWITCHES: { key: Notification; label: string; hint: string }[] = [
  {
    key: 'emailOnNewRegistration',
    label: 'Email me about new registrations',
    hint: 'When a family sends the registration interest form.',
  },
  {
    key: 'emailOnFormSubmission',
    label: 'Email me about contact messages',
    hint: 'When someone sends the contact form.',
  },
]

/** /admin/settings: the notification switches of `adminSettings`, each saved as it is flipped. */
export function SettingsRoute() {
  useHead(adminHead('Settings', '/admin/settings'))
  const settings = useContent('adminSettings')
  const save = useSaveContent()
  const flip = (key: Notification, on: boolean) =>
    void save('adminSettings', {
      ...settings,
      notifications: { ...settings.notifications, [key]: on },
    })
  return (
    <section className="admin-panel" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <h2>Notifications</h2>
      {SWITCHES.map((item) => (
        <SwitchField
          key={item.key}
          label={item.label}
          hint={item.hint}
          checked={settings.notifications[item.key]}
          onCheckedChange={(on) => flip(item.key, on)}
        />
      ))}
    </section>
  )
}
