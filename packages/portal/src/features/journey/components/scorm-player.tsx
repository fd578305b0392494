import { Button, cn } from "@lms/ui";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { useJourneyCommands, type ScormLaunch } from "../api/use-journey";
import { frameName, startScormRuntime } from "../utils/scorm-runtime";
import { createScormSaver } from "../utils/scorm-saver";
import { ExpandIcon } from "./icons";
import { InlineLoading } from "../../courses/components/inline-loading";

/**
 * A SCORM 1.2 or 2004 package in a sandboxed iframe of the content origin (issue 12), with the
 * runtime it talks to by postMessage. A student's commits are stored (`scormcommit`), so the
 * package resumes where it was left; in student mode (staff) nothing is sent. Nothing reported is
 * lost (issue 15): the SCO's state is saved on its commits, when the page is hidden or closed and
 * when the learner leaves the player, failed saves are retried, and the learner is told when one
 * could not be saved.
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
  const { scormLoad, scormCommit } = useJourneyCommands();
  const [launch, setLaunch] = useState<ScormLaunch | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  // Counts the learner's "Start a new attempt": each loads the runtime again on a new attempt.
  const [newAttempts, setNewAttempts] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    let closed = false;
    let runtime: { close(): void } | null = null;
    let saver: ReturnType<typeof createScormSaver> | null = null;
    const saveNow = () => saver?.saveNow();
    const onVisibility = () => {
      if (document.visibilityState === "hidden") saveNow();
    };
    void (async () => {
      const answer = await scormLoad(materialId, newAttempts > 0);
      if (closed) return;
      if (!answer.ok) {
        setFailure(failureText(answer, i18n));
        return;
      }
      const { session, attempt } = answer.data;
      setDone(false);
      const current = createScormSaver({
        async send(cmi, seq, keepalive) {
          const saved = await scormCommit(materialId, cmi, { session, seq, attempt, keepalive });
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
          // A finished attempt in review records nothing: its reports are not sent.
          if (record && !answer.data.review) void current.report(cmi, isCommit);
        },
      );
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
    // One runtime per package: the commands and texts do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [materialId, record, newAttempts]);

  if (failure) return <p className="text-sm text-destructive">{failure}</p>;
  if (!launch) return <InlineLoading />;
  return (
    <div className={cn("flex flex-col gap-3", fullScreen && "h-full")}>
      <iframe
        // A new attempt is a new document with its own runtime state.
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
          "w-full rounded-control border border-border bg-surface",
          fullScreen ? "min-h-0 flex-1" : "h-[70vh] min-h-96",
        )}
      />
      <div className="flex flex-wrap items-center gap-3">
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
        ) : record && launch.review ? null : (
          <p className="text-sm text-muted-foreground">{t("journey.packageHint")}</p>
        )}
        {record ? <AttemptInfo launch={launch} onNew={() => setNewAttempts((n) => n + 1)} /> : null}
        {!fullScreen ? (
          <Button variant="outline" size="sm" asChild className="ms-auto">
            <Link to={{ pathname: paths.scorm.getHref(), search: `?material=${materialId}` }}>
              <ExpandIcon />
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
