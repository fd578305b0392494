import * as React from "react";

/** Set inside the mobile drawer's overlay: a drawer item closes it when followed. */
const DrawerContext = React.createContext<{ onNavigate: () => void } | null>(null);

export { DrawerContext };
