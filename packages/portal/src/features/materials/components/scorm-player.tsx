import { ArrowLeftIcon, ArrowRightIcon, MaximizeIcon } from "lucide-react";
import { Button, cn } from "@lms/ui";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { usePlayerCommands } from "../api/use-player";
import type { ScormLaunch, ScormTocEntry } from "@lms/core";
import {
  frameName,
  launchableScos,
  startScormRuntime,
  type NavRequest,
} from "../utils/scorm-runtime";
import { createScormSaver, type CmiValues } from "../utils/scorm-saver";
import { ScormContents } from "./scorm-contents";
import { InlineLoading } from "../../../components/inline-loading";

/**
 * A SCORM 1.2 or 2004 package in a sandboxed iframe of the content origin (issue 12), with the
 * runtime it talks to by postMessage. A student's commits are stored (`scormcommit`), so the
 * package resumes where it was left; in student mode (staff) nothing is sent. Nothing reported is
 * lost (issue 15): the SCO's state is saved on its commits, when the page is hidden or closed and
 * when the learner leaves the player, failed saves are retried, and the learner is told when one
 * could not be saved. A package with several SCOs shows its table of contents and launches each
 * SCO with its own data; Previous/Continue and the SCO's adl.nav.request (continue, previous,
 * choice, exit, exitAll, suspendAll) move between them. The learner sees which attempt runs, a
 * finished one in review (nothing recorded), and may start a new attempt when the settings allow.
 */
export function ScormPlayer({
  materialId,
  title,
  record,
  fullScreen = false,
  onFinished,
}: {
  materialId: number;
  title: string;
  record: boolean;
  fullScreen?: boolean;
  /** Goes on along the path once the package is complete. */
  onFinished?: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { scormLoad, scormCommit } = usePlayerCommands();
  const [launch, setLaunch] = useState<ScormLaunch | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  /**
   * The SCO asked for (a package with several) or a new attempt; a new object launches it even
   * when the same.
   */
  const [target, setTarget] = useState<{ sco?: string; newAttempt?: boolean }>({});
  /** The learner left the SCO (exit) or the package (exitAll, suspendAll): no SCO runs. */
  const [ended, setEnded] = useState<"exit" | "exitAll" | "suspendAll" | null>(null);
  const [toc, setToc] = useState<ScormTocEntry[] | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const navigate = useRef<(request: NavRequest) => void>(() => {});

  useEffect(() => {
    if (ended) return;
    let closed = false;
    let runtime: { close(): void } | null = null;
    let saver: ReturnType<typeof createScormSaver> | null = null;
    const saveNow = () => saver?.saveNow();
    const onVisibility = () => {
      if (document.visibilityState === "hidden") saveNow();
    };
    void (async () => {
      const answer = await scormLoad(materialId, target);
      if (closed) return;
      if (!answer.ok) {
        setFailure(failureText(answer, i18n));
        return;
      }
      const { session, sco, attempt, review } = answer.data;
      // A finished attempt in review records nothing: its reports are not sent.
      const recording = record && !review;
      setDone(false);
      let reported: CmiValues = {};
      const current = createScormSaver({
        async send(cmi, seq, keepalive) {
          const saved = await scormCommit(materialId, cmi, {
            session,
            seq,
            attempt,
            keepalive,
            sco,
          });
          if (saved.ok && saved.data.state === "complete") setDone(true);
          return { ok: saved.ok, retry: !saved.ok && (saved.status === 0 || saved.status >= 500) };
        },
        onUnsaved: setUnsaved,
      });
      saver = current;
      runtime = startScormRuntime(
        answer.data,
        () => frame.current,
        (cmi, isCommit) => {
          reported = cmi;
          if (sco !== null)
            setToc((entries) => withScoState(entries, sco, answer.data.version, cmi));
          if (recording) void current.report(cmi, isCommit);
        },
        (request) => {
          // suspendAll: the attempt is suspended, so the SCO resumes where it was (RTE 4.2.8).
          if (request.type === "suspendAll" && recording)
            void current.report({ ...reported, "cmi.exit": "suspend" }, true);
          // The SCO's last commit goes first: the next SCO's data and state follow it.
          afterSaved(current, () => {
            if (!closed) navigate.current(request);
          });
        },
      );
      setToc(answer.data.toc ?? null);
      setLaunch(answer.data);
    })();
    // The page hidden or closed: what the SCO reported is saved before it can be lost.
    window.addEventListener("pagehide", saveNow);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      closed = true;
      window.removeEventListener("pagehide", saveNow);
      document.removeEventListener("visibilitychange", onVisibility);
      // Leaving the player through the portal (the frame's own last commit follows).
      saveNow();
      runtime?.close();
    };
    // One runtime per SCO launched: the commands and texts do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [materialId, record, target, ended]);

  const scos = launch ? launchableScos(launch) : [];
  const at = launch?.sco ? scos.indexOf(launch.sco) : -1;
  const go = (sco: string) => {
    setEnded(null);
    setLaunch(null);
    setTarget({ sco });
  };
  const leave = (how: "exit" | "exitAll" | "suspendAll") => setEnded(how);
  navigate.current = (request) => {
    if (request.type === "continue") {
      const next = scos[at + 1];
      if (next) go(next);
      else leave("exitAll");
    } else if (request.type === "previous") {
      const previous = scos[at - 1];
      if (previous) go(previous);
    } else if (request.type === "choice") {
      if (scos.includes(request.target)) go(request.target);
    } else leave(request.type);
  };

  if (failure) return <p className="text-sm text-destructive">{failure}</p>;
  if (!launch && !ended && toc === null) return <InlineLoading />;
  const multi = toc !== null && scos.length > 1;
  return (
    <div className={cn("flex flex-col gap-3", fullScreen && "h-full")}>
      <div className={cn("flex flex-col gap-3 md:flex-row", fullScreen && "min-h-0 flex-1")}>
        {multi ? (
          <ScormContents toc={toc} current={ended ? null : (launch?.sco ?? null)} onChoose={go} />
        ) : null}
        {ended ? (
          <div
            className={cn(
              "flex flex-1 items-center justify-center rounded-control border border-border bg-surface p-6 text-center",
              fullScreen ? "min-h-0" : "min-h-48",
            )}
          >
            <p role="status" className="text-sm text-muted-foreground">
              {t(
                ended === "exit"
                  ? "journey.scormExited"
                  : ended === "suspendAll"
                    ? "journey.scormSuspended"
                    : "journey.scormExitedAll",
              )}
            </p>
          </div>
        ) : launch ? (
          <iframe
            // A new frame per SCO and attempt: its window, name and runtime are its own.
            key={launch.session}
            ref={frame}
            src={launch.launchUrl}
            // The state the package's runtime starts from (read by the content origin's bridge).
            name={frameName(launch)}
            // An opaque origin whatever the content origin answers: no storage, no cookies.
            sandbox="allow-scripts allow-forms allow-popups"
            referrerPolicy="no-referrer"
            title={title}
            className={cn(
              "w-full min-w-0 rounded-control border border-border bg-surface md:flex-1",
              fullScreen ? "min-h-0 flex-1" : "h-[70vh] min-h-96",
            )}
          />
        ) : (
          <InlineLoading />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {multi && !ended ? (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={at <= 0}
              onClick={() => go(scos[at - 1]!)}
            >
              <ArrowLeftIcon />
              {t("common.previous")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={at < 0 || at >= scos.length - 1}
              onClick={() => go(scos[at + 1]!)}
            >
              {t("journey.continue")}
              <ArrowRightIcon />
            </Button>
          </>
        ) : null}
        {done ? (
          <>
            <p role="status" className="text-sm font-medium text-success-soft-foreground">
              {t("journey.packageComplete")}
            </p>
            {onFinished ? (
              <Button size="sm" onClick={onFinished}>
                {t("journey.continueNext")}
              </Button>
            ) : null}
          </>
        ) : unsaved ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t("journey.packageNotSaved")}
          </p>
        ) : record && launch?.review ? null : (
          <p className="text-sm text-muted-foreground">{t("journey.packageHint")}</p>
        )}
        {record && launch ? (
          <AttemptInfo
            launch={launch}
            onNew={() => {
              setEnded(null);
              setLaunch(null);
              setTarget({ newAttempt: true });
            }}
          />
        ) : null}
        {!fullScreen ? (
          <Button variant="outline" size="sm" asChild className="ms-auto">
            <Link to={{ pathname: paths.scorm.getHref(), search: `?material=${materialId}` }}>
              <MaximizeIcon />
              {t("journey.fullScreen")}
            </Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Which attempt the learner is on, a finished one in review, and "Start a new attempt". */
function AttemptInfo({ launch, onNew }: { launch: ScormLaunch; onNew: () => void }) {
  const { t } = useI18n();
  if (launch.attempt === undefined) return null;
  const allowed = launch.attemptsAllowed ?? 0;
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {allowed > 0
          ? t("scorm.attemptOf", { number: launch.attempt, total: allowed })
          : t("scorm.attemptNumber", { number: launch.attempt })}
      </p>
      {launch.review ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t("scorm.review")}
        </p>
      ) : null}
      {launch.canStartNew ? (
        <Button size="sm" variant="outline" onClick={onNew}>
          {t("scorm.startNewAttempt")}
          {launch.attemptsLeft != null ? (
            <span className="text-muted-foreground">
              ({t("scorm.attemptsLeft", { count: launch.attemptsLeft })})
            </span>
          ) : null}
        </Button>
      ) : null}
    </>
  );
}

/** Runs `then` once everything reported is saved, or after three seconds at most. */
function afterSaved(saver: ReturnType<typeof createScormSaver>, then: () => void) {
  const started = Date.now();
  const check = () => {
    if (!saver.pending || Date.now() - started > 3000) then();
    else window.setTimeout(check, 100);
  };
  check();
}

/** The contents with the running SCO's state as it reports it. */
function withScoState(
  entries: ScormTocEntry[] | null,
  sco: string,
  version: ScormLaunch["version"],
  cmi: CmiValues,
): ScormTocEntry[] | null {
  if (!entries) return entries;
  const status = String(cmi[version === "1.2" ? "cmi.core.lesson_status" : "cmi.success_status"]);
  const complete =
    version === "1.2"
      ? status === "completed" || status === "passed"
      : cmi["cmi.completion_status"] === "completed" || status === "passed";
  const success = status === "passed" || status === "failed" ? status : null;
  return entries.map((entry) =>
    entry.id === sco
      ? {
          ...entry,
          state: complete ? "complete" : "inProgress",
          success: success ?? entry.success,
        }
      : entry,
  );
}
