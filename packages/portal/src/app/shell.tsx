import { LANGUAGES, type Lang } from "@lms/core";
import {
  ActionMenu,
  AppShell,
  Button,
  ConfirmDialog,
  DrawerItem,
  TopBar,
  toast,
  useConfirm,
} from "@lms/ui";
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { NavLink, Outlet, useLocation, useNavigate, useNavigation } from "react-router-dom";
import { useChangeLanguage, useLogout, useMyProfile } from "../features/auth/hooks/use-auth";
import { useRequestsInFlight } from "../lib/activity";
import { useDiscardGuard } from "../lib/form-actions";
import { authorizedImageUrl } from "../lib/image-url";
import { useServerAvailable, useSession } from "../lib/api-context";
import { translatorFor, useT } from "../lib/i18n";
import { activeEntry, navigationFor } from "../lib/navigation";
import { hasUnsavedChanges, leaveWithoutAsking } from "../lib/unsaved-changes";
import { useClassServiceSignIn } from "../lib/class-service-sign-in";
import { LoadingScreen } from "./loading-screen";
import { paths } from "./paths";

function LanguageMenu() {
  const t = useT();
  const { lang } = useSession();
  const confirm = useConfirm();
  const changeLanguage = useChangeLanguage();

  async function choose(next: Lang) {
    if (next === lang) return;
    const language = t(`language.${next}`);
    const ok = await confirm({
      title: t("language.confirmTitle"),
      message: t("language.confirmMessage", { language }),
      confirmLabel: t("common.confirm"),
      cancelLabel: t("common.cancel"),
      onConfirm: async () => {
        const result = await changeLanguage(next);
        if (!result.ok) throw new Error(result.message);
      },
    }).catch(() => {
      toast.error(t("errors.tryAgain"));
      return false;
    });
    // In the new language (issue 13): this render's `t` still speaks the old one.
    if (ok) toast.success((await translatorFor(next)).t("language.changed"));
  }

  return (
    <ActionMenu
      trigger={
        // The visible code is part of the button's name (axe: label-content-name-mismatch).
        <Button variant="ghost" size="sm">
          <span className="sr-only">{t("nav.language")}: </span>
          <span className="text-xs font-semibold uppercase">{lang === "es" ? "EN" : lang}</span>
        </Button>
      }
      heading={t("nav.language")}
      items={LANGUAGES.map((code) => ({
        label: t(`language.${code}`),
        current: code === lang,
        onSelect: () => void choose(code),
      }))}
    />
  );
}

/** SPEC.md §4: going offline shows a dialog, dismissed with OK, besides the banner. */
function OfflineDialog({ offline }: { offline: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (offline && !wasOffline.current) setOpen(true);
    if (!offline) setOpen(false);
    wasOffline.current = offline;
  }, [offline]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={t("errors.noInternetTitle")}
      message={t("errors.noInternetMessage")}
      confirmLabel={t("common.ok")}
      cancelLabel={t("common.close")}
      onConfirm={() => setOpen(false)}
    />
  );
}

/**
 * The app shell with the loading bar of the requests in flight (SPEC.md §9), and of a page whose
 * code is still arriving (the previous page stays on screen meanwhile). Only this part re-renders
 * as requests come and go, several times while a page opens, not the whole shell.
 */
function ShellFrame(props: Omit<ComponentProps<typeof AppShell>, "loading">) {
  const requesting = useRequestsInFlight();
  const navigating = useNavigation().state !== "idle";
  return <AppShell {...props} loading={requesting || navigating} />;
}

/** The signed-in layout: top bar, side drawer, offline banner, loading bar (SPEC.md §2). */
export function Shell() {
  const t = useT();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const mayDiscard = useDiscardGuard();
  useMyProfile();
  const profile = session.profile!;
  const signIn = useClassServiceSignIn(session.sessionKey, profile.userName);
  const entries = navigationFor(profile, session.permissions);
  const active = activeEntry(entries, location.pathname);

  // The browser's own offline event is the earliest sign; the client flips the flag on calls too.
  const [browserOffline, setBrowserOffline] = useState(() => !navigator.onLine);
  useEffect(() => {
    const update = () => setBrowserOffline(!navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  const offline = browserOffline || !session.isOnline;
  // The server answers but cannot reach its database: reads are asked again meanwhile.
  const reconnecting = !useServerAvailable();

  if (!signIn.done) return <LoadingScreen label={t("app.loading")} />;

  return (
    <ShellFrame
      navigationLabel={t("nav.menu")}
      drawerHeader={<span className="px-2 text-base font-semibold">{t("app.name")}</span>}
      offline={offline || reconnecting}
      offlineMessage={t(offline ? "errors.offlineBanner" : "errors.reconnecting")}
      loadingLabel={t("app.loading")}
      topBar={
        <TopBar
          brand={<span className="font-semibold">{t("app.name")}</span>}
          userName={profile.firstName}
          userPhotoUrl={authorizedImageUrl(session.photo, session.token)}
          labels={{
            openMenu: t("nav.openMenu"),
            calendar: t("nav.calendar"),
            email: t("nav.email"),
            notifications: t("nav.notifications"),
            launchingSoon: t("nav.launchingSoon"),
            profileMenu: t("nav.profileMenu"),
          }}
          profileMenuItems={[
            {
              label: t("nav.myProfile"),
              onSelect: () => navigate(paths.profile.details.getHref()),
            },
            {
              label: t("nav.logout"),
              destructive: true,
              // Signing out leaves an edited form too: the same question first (issue 13).
              onSelect: () =>
                void mayDiscard(hasUnsavedChanges()).then(async (signOut) => {
                  if (!signOut) return;
                  await logout();
                  leaveWithoutAsking(() =>
                    navigate(paths.account.login.getHref(), { replace: true }),
                  );
                }),
            },
          ]}
        >
          <LanguageMenu />
        </TopBar>
      }
      navigation={entries.map((entry) => (
        <DrawerItem key={entry.key} asChild active={entry.key === active?.key}>
          <NavLink to={entry.href}>{t(entry.label)}</NavLink>
        </DrawerItem>
      ))}
    >
      <OfflineDialog offline={offline} />
      <Outlet />
    </ShellFrame>
  );
}
