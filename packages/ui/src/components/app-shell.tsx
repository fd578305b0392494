import * as React from "react";
import { cn } from "../lib/cn";
import { useMediaQuery } from "../lib/use-media-query";
import { Drawer } from "./drawer";
import { LoadingBar } from "./loading-bar";
import { OfflineBanner } from "./offline-banner";

// SPEC.md §9: drawer width 200, mobile breakpoint 700.
const DEFAULT_DRAWER_WIDTH = 200;
const DEFAULT_MOBILE_BREAKPOINT = 700;

type AppShellContextValue = {
  /** Below the breakpoint: the drawer is an overlay opened from the top bar. */
  mobile: boolean;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  drawerId: string;
};

const AppShellContext = React.createContext<AppShellContextValue | null>(null);

/** The shell's layout state, for parts rendered inside it (TopBar's menu button, DrawerItem). */
function useAppShell(): AppShellContextValue | null {
  return React.useContext(AppShellContext);
}

type AppShellProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** Usually a `<TopBar>`. */
  topBar: React.ReactNode;
  /** The drawer's content, usually `<DrawerItem>`s. */
  navigation: React.ReactNode;
  /** Accessible name of the navigation, for example "Main menu". */
  navigationLabel: string;
  /** Shown at the top of the drawer (a logo). */
  drawerHeader?: React.ReactNode;
  /** Drawer width in px; 200 by default. */
  drawerWidth?: number;
  /** Below this width (px) the drawer becomes an overlay; 700 by default. */
  mobileBreakpoint?: number;
  /** Force a layout instead of following the screen width (for tests and stories). */
  layout?: "auto" | "desktop" | "mobile";
  /** Controlled open state of the overlay drawer (mobile). */
  drawerOpen?: boolean;
  onDrawerOpenChange?: (open: boolean) => void;
  /** Shows the offline banner. */
  offline?: boolean;
  /** The offline banner's text (SPEC.md §8: "No internet connection."). */
  offlineMessage?: React.ReactNode;
  /** Shows the green loading bar. */
  loading?: boolean;
  loadingLabel?: string;
  /** Text of the "skip to content" link for keyboard users. */
  skipLinkLabel?: string;
  /** The page. */
  children: React.ReactNode;
};

/** The portal's frame: top bar, side drawer, offline banner, loading bar and the page. */
function AppShell({
  topBar,
  navigation,
  navigationLabel,
  drawerHeader,
  drawerWidth = DEFAULT_DRAWER_WIDTH,
  mobileBreakpoint = DEFAULT_MOBILE_BREAKPOINT,
  layout = "auto",
  drawerOpen: drawerOpenProp,
  onDrawerOpenChange,
  offline = false,
  offlineMessage,
  loading = false,
  loadingLabel,
  skipLinkLabel = "Skip to main content",
  children,
  className,
  ...props
}: AppShellProps) {
  const narrow = useMediaQuery(`(max-width: ${mobileBreakpoint - 0.02}px)`);
  const mobile = layout === "auto" ? narrow : layout === "mobile";
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(false);
  const drawerOpen = mobile && (drawerOpenProp ?? uncontrolledOpen);
  const drawerId = React.useId();
  const mainId = React.useId();

  const context = React.useMemo<AppShellContextValue>(
    () => ({
      mobile,
      drawerOpen,
      drawerId,
      setDrawerOpen: (open) => {
        if (drawerOpenProp === undefined) setUncontrolledOpen(open);
        onDrawerOpenChange?.(open);
      },
    }),
    [mobile, drawerOpen, drawerId, drawerOpenProp, onDrawerOpenChange],
  );

  return (
    <AppShellContext.Provider value={context}>
      <div
        data-slot="app-shell"
        data-layout={mobile ? "mobile" : "desktop"}
        // While the overlay drawer is open the page behind it is out of reach, for keyboards too.
        inert={drawerOpen || undefined}
        className={cn("flex min-h-screen flex-col bg-background text-foreground", className)}
        {...props}
      >
        <a
          href={`#${mainId}`}
          className="sr-only z-[80] rounded-control bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
        >
          {skipLinkLabel}
        </a>
        <LoadingBar loading={loading} label={loadingLabel} />
        {topBar}
        <OfflineBanner offline={offline} message={offlineMessage} />
        <div className="flex min-h-0 flex-1">
          <Drawer
            id={drawerId}
            label={navigationLabel}
            header={drawerHeader}
            width={drawerWidth}
            mobile={mobile}
            open={drawerOpen}
            onOpenChange={context.setDrawerOpen}
          >
            {navigation}
          </Drawer>
          <main id={mainId} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-8">
            {children}
          </main>
        </div>
      </div>
    </AppShellContext.Provider>
  );
}

export { AppShell, DEFAULT_DRAWER_WIDTH, DEFAULT_MOBILE_BREAKPOINT, useAppShell };
export type { AppShellContextValue, AppShellProps };
