/*
 * The SCORM bridge of the content origin (issue 12), injected by the server into every HTML page
 * of a SCORM package after scorm-again's runtime (/_lms/scorm12.js or /_lms/scorm2004.js).
 *
 * The package runs in a sandboxed frame with an opaque origin: it cannot reach the portal's window
 * (window.parent.API), so the runtime lives here, in the SCO's own window (window.API for 1.2,
 * window.API_1484_11 for 2004), and answers the SCO's synchronous calls exactly as before.
 *
 * - It starts from the state the portal put in the frame's name (`scormload`'s cmi map), and
 *   carries the state in the frame's name from one page of the package to the next.
 * - Every commit goes to the portal by postMessage, to the portal's origin only; the portal checks
 *   the message's source (its player's frame) and shape, and stores it with `scormcommit`.
 * - After every SetValue the state goes to the portal as well (`commit: false`, a moment later):
 *   the portal keeps it and saves it when its page is hidden or closed (issue 15), when a message
 *   of the closing frame could no longer reach it.
 * - A package with several SCOs (issue 15): the portal's state also says which navigation
 *   requests are valid (adl.nav.request_valid.continue / previous, choice of the SCOs' item
 *   identifiers); the SCO's adl.nav.request goes to the portal after its Terminate, and the
 *   portal launches the SCO it asks for.
 * Nothing comes back from the portal: the frame takes no message.
 */
(function () {
  "use strict";
  var STATE = "lmsScormState";
  var MESSAGE = "lms-scorm-bridge";
  var script = document.currentScript;
  var version = script && script.getAttribute("data-version") === "2004" ? "2004" : "1.2";
  var portal = script ? script.getAttribute("data-portal") : null;
  // The package's own top page sits right under the portal; nested frames of a package have
  // their own runtime, not connected to the portal (see docs/SECURITY.md).
  var root = window.parent !== window && window.parent === window.top;

  function readState() {
    if (!root) return null;
    try {
      var parsed = JSON.parse(window.name);
      var state = parsed && parsed[STATE];
      if (state && state.version === version && state.cmi && typeof state.cmi === "object") {
        return state;
      }
    } catch (error) {
      // not a state the portal or an earlier page left
    }
    return null;
  }

  var state = readState();
  var nav = state && state.nav && typeof state.nav === "object" ? state.nav : null;

  function keep(cmi) {
    if (!root) return;
    var carried = {};
    for (var key in cmi) {
      if (!Object.prototype.hasOwnProperty.call(cmi, key)) continue;
      // Each page's runtime measures its own session.
      if (key === "cmi.core.session_time" || key === "cmi.session_time") continue;
      var value = cmi[key];
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
        carried[key] = value;
      }
    }
    var named = {};
    named[STATE] = { version: version, cmi: carried };
    if (nav) named[STATE].nav = nav;
    try {
      window.name = JSON.stringify(named);
    } catch (error) {
      // a name that cannot be set: the next page starts from the portal's state
    }
  }

  function send(cmi, commit) {
    keep(cmi);
    if (!root || !portal) return;
    window.parent.postMessage(
      { type: MESSAGE, v: 1, version: version, cmi: cmi, commit: commit },
      portal,
    );
  }

  var scoIds =
    nav && Array.isArray(nav.scos)
      ? nav.scos.filter(function (id) {
          return typeof id === "string";
        })
      : [];

  var settings = {
    scoItemIds: scoIds,
    lmsCommitUrl: "scormcommit",
    dataCommitFormat: "flattened",
    autocommit: true,
    autocommitSeconds: 30,
    logLevel: 5,
    httpService: {
      processHttpRequest: function (_url, params) {
        send(params, true);
        return { result: "true", errorCode: 0 };
      },
      updateSettings: function () {},
    },
  };

  var Runtime = version === "2004" ? window.Scorm2004API : window.Scorm12API;
  if (typeof Runtime !== "function") return;
  var api = new Runtime(settings);
  if (state) api.loadFromFlattenedJSON(state.cmi, "");
  if (version === "2004" && nav) {
    try {
      // Read-only for the SCO once it has initialised: set before.
      api.adl.nav.request_valid.continue = nav.continue ? "true" : "false";
      api.adl.nav.request_valid.previous = nav.previous ? "true" : "false";
    } catch (error) {
      // left unknown
    }
  }
  if (version === "2004") window.API_1484_11 = api;
  else window.API = api;

  // The SCO's values as it sets them, one message for a burst of SetValue calls.
  var reporting = false;
  api.on(version === "2004" ? "SetValue" : "LMSSetValue", function () {
    if (reporting) return;
    reporting = true;
    setTimeout(function () {
      reporting = false;
      try {
        if (api.isInitialized() && !api.isTerminated()) send(api.getFlattenedCMI(), false);
      } catch (error) {
        // the next commit carries it
      }
    }, 0);
  });

  // The SCO's navigation request, for the portal once the SCO has terminated.
  var request = "_none_";
  if (version === "2004") {
    api.on("SetValue", function (element, value) {
      if (element === "adl.nav.request" && typeof value === "string") request = value;
    });
    api.on("Terminate", function () {
      if (!root || !portal || request === "_none_") return;
      window.parent.postMessage({ type: MESSAGE, v: 1, version: version, nav: request }, portal);
    });
  }

  // Leaving the page (the next page of the package, or the portal closing the player): what the
  // SCO set so far goes to the portal and on to the next page.
  window.addEventListener("pagehide", function () {
    try {
      if (api.isInitialized() && !api.isTerminated()) {
        if (version === "2004") api.Commit("");
        else api.LMSCommit("");
      } else {
        keep(api.getFlattenedCMI());
      }
    } catch (error) {
      // leaving anyway
    }
  });
})();
