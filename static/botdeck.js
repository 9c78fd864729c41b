// Botdeck: the little the pages need beyond htmx.
(function () {
  "use strict";

  // Keep the screen on while a game is open (play and watch pages). The Screen Wake
  // Lock API exists only in a secure context (localhost, https): on the address a
  // tablet uses, http://192.168.x.x, NoSleep's silent looping video does it instead,
  // started by the first tap (a video may only start after a user gesture). When
  // neither can, a quiet line says so and what to do.
  var wakeLock = null, noSleep = null, wakeWay = null;
  function shown(id, visible) {
    var line = document.getElementById(id);
    if (line) line.hidden = !visible;
  }
  function wakeNotice(visible) { shown("wake-notice", visible); }
  function awake(way) {
    wakeWay = way;
    document.documentElement.dataset.wakeLock = way;
    wakeNotice(false);
  }
  function cannotKeepAwake() {
    wakeWay = null;
    document.documentElement.dataset.wakeLock = "off";
    wakeNotice(true);
  }
  function nativeLock() {
    return navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      lock.addEventListener("release", function () { wakeLock = null; });
      awake("native");
    });
  }
  var noSleepLoading = false;
  function videoLock() {
    if (!noSleep && window.NoSleep) noSleep = new window.NoSleep();
    // no video: NoSleep could not load, or an iOS before 10 (where it would reload the page)
    if (!noSleep || !noSleep.noSleepVideo) return Promise.reject(new Error("no NoSleep video"));
    return noSleep.enable().then(function () { awake("video"); });
  }
  function keepAwake() {
    return "wakeLock" in navigator ? nativeLock() : videoLock();
  }
  function onTap() {
    document.removeEventListener("click", onTap, true);
    shown("wake-tap", false);
    if (noSleepLoading) { waitForTap(); return; }  // tapped within its first milliseconds
    keepAwake().catch(cannotKeepAwake);
  }
  function waitForTap() {
    // a partner who only watches may never tap: the line asks for one
    shown("wake-tap", true);
    document.addEventListener("click", onTap, true);
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (!document.querySelector("[data-wake-lock]")) return;
    if ("wakeLock" in navigator) {
      nativeLock().catch(waitForTap);  // refused before any tap: ask again at the first one
      return;
    }
    var source = document.querySelector("script[data-nosleep]");
    if (source) {  // NoSleep, loaded only where it is needed
      var script = document.createElement("script");
      noSleepLoading = true;
      script.onload = script.onerror = function () { noSleepLoading = false; };
      script.src = source.dataset.nosleep;
      document.head.appendChild(script);
    }
    waitForTap();
  });
  document.addEventListener("visibilitychange", function () {
    // the browser lets go of the lock (and pauses the video) while the page is hidden
    if (document.visibilityState !== "visible" || !wakeWay || wakeLock) return;
    keepAwake().catch(function () { wakeWay = null; waitForTap(); });
  });

  // Tell the server which fragments this page already shows, so a tap's answer
  // leaves out the ones that did not change.
  document.addEventListener("htmx:configRequest", function (event) {
    var held = [];
    document.querySelectorAll("[data-fragment][data-hash]").forEach(function (el) {
      held.push(el.dataset.fragment + ":" + el.dataset.hash);
    });
    event.detail.headers["X-Botdeck-Have"] = held.join(",");
    // Forms in a fragment that was left out may hold an older version number:
    // every change carries the newest version this page has seen.
    if (pageVersion >= 0 && event.detail.parameters.version !== undefined) {
      event.detail.parameters.version = String(pageVersion);
    }
  });

  // Light or dark without leaving the page (a half-typed entry stays): the link sets
  // the cookie as it would (its redirect is not followed), then the page takes the
  // choice at once. Without this script the link itself does it, with a reload.
  var COLOR_SCHEMES = { auto: "light dark", light: "light", dark: "dark" };
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-theme-choice]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    var choice = link.dataset.themeChoice;
    fetch(link.href, { credentials: "same-origin", redirect: "manual" }).then(function () {
      document.documentElement.dataset.theme = choice;
      var scheme = document.querySelector('meta[name="color-scheme"]');
      if (scheme) scheme.content = COLOR_SCHEMES[choice];
      document.querySelectorAll('meta[name="theme-color"][data-scheme]').forEach(function (bar) {
        var mine = bar.dataset.scheme;
        bar.media = choice === "auto" ? "(prefers-color-scheme: " + mine + ")"
          : (choice === mine ? "all" : "not all");
      });
      document.querySelectorAll("a[data-theme-choice]").forEach(function (other) {
        var current = other.dataset.themeChoice === choice;
        other.classList.toggle("current", current);
        if (current) other.setAttribute("aria-current", "true");
        else other.removeAttribute("aria-current");
      });
      var menu = link.closest("details");
      if (menu) {
        var shown = menu.querySelector("summary use");
        if (shown) shown.setAttribute("href", "#i-theme-" + choice);
        menu.open = false;
      }
    }, function () { window.location.href = link.href; });
  });

  // A notice fades after a while, or at a tap on it; a new one replaces it.
  var noticeTimer = null;
  document.addEventListener("htmx:afterSettle", function () {
    var area = document.getElementById("notice");
    if (!area || !area.textContent.trim()) return;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(function () { area.innerHTML = ""; }, 7000);
  });
  document.addEventListener("click", function (event) {
    var area = document.getElementById("notice");
    if (area && area.contains(event.target)) area.innerHTML = "";
  });

  // Live updates (htmx's SSE extension) and every tap's answer bring fragments
  // swapped out of band. Each carries the game version it was rendered at: an
  // answer that arrives after a newer update is not allowed to roll the page
  // back, and a fragment identical to the one shown is left alone (an open
  // menu or a half-typed correction survives other devices' taps).
  var pageVersion = -1;
  function versionOf(el) {
    return el && el.dataset && el.dataset.version !== undefined ? parseInt(el.dataset.version, 10) : null;
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-fragment][data-version]").forEach(function (el) {
      pageVersion = Math.max(pageVersion, versionOf(el));
    });
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var incoming = event.detail.fragment && event.detail.fragment.firstElementChild;
    var version = versionOf(incoming);
    if (version === null) return;
    if (version < pageVersion ||
        (incoming.dataset.hash && incoming.dataset.hash === event.detail.target.dataset.hash &&
         event.detail.target.dataset.version !== undefined)) {
      event.detail.shouldSwap = false;
      if (version >= pageVersion) event.detail.target.dataset.version = String(version);
      return;
    }
    pageVersion = Math.max(pageVersion, version);
  });

  // The waiting step in sight after every change of the game: this device's answer,
  // saved form, correction, undo or redo, and another device's tap heard live. A saved
  // form can be long and the page scrolled down to its Save: the shorter page swapped
  // in would leave the next question above the screen. The page scrolls only when the
  // step's title or first answer is not wholly in sight (no jump when they are), never
  // while someone types in a field still on the page, and for a live update only for a
  // reader who was on the step (one reading the steps done, the board or the bot's
  // state stays where they are).
  // The keyboard's focus goes to the step's title, not to its first answer: a screen
  // reader reads the new question before its answers, and a second press of Enter or
  // Space cannot answer a question not yet read. Tab goes on to its answers.
  var changesSent = 0;  // this page's changes on their way (a live update may overtake one)
  var beforeSwap = null;  // the page as it was when the checklist was about to change
  var TYPED = /^(text|number|search|email|tel|url|password|date|time|datetime-local|month|week)$/;
  function typing(el) {
    if (!el || !el.tagName) return false;
    var tag = el.tagName.toLowerCase();
    return tag === "textarea" || tag === "select" || el.isContentEditable ||
      (tag === "input" && TYPED.test(el.type));
  }
  var ANSWER_CONTROLS = ["form", ".entry"].map(function (holder) {
    return ["button", "input:not([type=hidden])", "select", "textarea"].map(function (control) {
      return holder + " " + control;
    }).join(", ");
  }).join(", ");
  var instant = "instant";
  function jump(top) {
    try {
      window.scrollTo({ top: top, behavior: instant });
    } catch (e) {  // "instant" is newer than smooth scrolling (Safari 15.4); no stylesheet
      instant = "auto";  // here asks for smooth scrolling, so "auto" is the same
      window.scrollTo({ top: top, behavior: instant });
    }
  }
  function firstAnswer(step) {
    // the first control of the question's forms (or quick entry) drawn on the screen;
    // a radio or checkbox drawn as its label is seen through it
    var controls = step.querySelectorAll(ANSWER_CONTROLS);
    for (var i = 0; i < controls.length; i++) {
      var shown = controls[i].closest("label") || controls[i], box = shown.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) return shown;
    }
    return null;
  }
  function coverAt(x, y, step) {
    // a fixed or sticky element drawn at (x, y) over the step (not its own column)
    for (var el = document.elementFromPoint(x, y); el && el !== document.body; el = el.parentElement) {
      if (el.contains(step)) return null;
      var position = getComputedStyle(el).position;
      if (position === "fixed" || position === "sticky") return el;
    }
    return null;
  }
  function sightLines(step) {
    // the window's top and bottom for the step: its scroll margins (botdeck.css), under
    // whatever is fixed or stuck from the top of the window down (a banner, a notice)
    // where the step is drawn
    var style = getComputedStyle(step), margin = parseFloat(style.scrollMarginTop) || 0;
    var covered = 0, box = step.getBoundingClientRect();
    [box.left + 16, (box.left + box.right) / 2, box.right - 16].forEach(function (x) {
      for (var y = 1, line = 0; y < line + 40 && y < window.innerHeight / 2; y += 4) {
        var over = coverAt(x, y, step);
        if (over) y = line = Math.max(line, over.getBoundingClientRect().bottom);
      }
      covered = Math.max(covered, line);
    });
    return {
      top: covered + margin,
      bottom: window.innerHeight - (parseFloat(style.scrollMarginBottom) || 0),
    };
  }
  function scrollNeeded(step, first, last) {
    // how far to scroll for `first` to `last` to be in sight (0: they are); when the
    // step's box from its top to `last` fits in the window, the whole of it
    var lines = sightLines(step), box = step.getBoundingClientRect();
    var head = first.getBoundingClientRect(), end = last.getBoundingClientRect();
    if (head.top >= lines.top - 1 && end.bottom <= lines.bottom + 1) return 0;
    var from = end.bottom - box.top <= lines.bottom - lines.top ? box.top : head.top;
    return from - lines.top;
  }
  // The steps column stays in sight while the table's column scrolls (sticky, botdeck.css).
  // One taller than the window (a long score sheet beside a long board and state) is
  // stuck where the waiting step is in sight: by its top, or higher up, down to its
  // bottom; it keeps that place while it stays taller, and takes its own again once it
  // fits (the top of its CSS).
  function stepsColumn() {
    var column = document.querySelector(".col-steps");
    return column && getComputedStyle(column).position === "sticky" ? column : null;
  }
  function stuckRange(column) {
    var gap = parseFloat(getComputedStyle(document.documentElement).fontSize) / 2;  // .5rem
    return { highest: Math.min(gap, window.innerHeight - column.offsetHeight - gap), lowest: gap };
  }
  function fitStepsColumn() {
    var column = stepsColumn();
    if (!column) return;
    var range = stuckRange(column);
    if (range.highest >= range.lowest) {
      column.style.top = "";
    } else if (column.style.top) {
      var top = parseFloat(column.style.top);
      column.style.top = Math.max(range.highest, Math.min(range.lowest, top)) + "px";
    }
  }
  function moveStuckColumn(delta) {
    // the column moved up by `delta` (down when negative) where it is stuck; what is
    // left to scroll the window by
    var column = stepsColumn();
    if (!column) return delta;
    var range = stuckRange(column), style = getComputedStyle(column);
    var top = parseFloat(style.top), box = column.getBoundingClientRect();
    if (range.highest >= range.lowest || Math.abs(box.top - top) > 1) return delta;  // fits, or not stuck
    var moved = Math.max(range.highest, Math.min(range.lowest, top - delta));
    column.style.top = moved + "px";
    return delta - (top - moved);
  }
  document.addEventListener("DOMContentLoaded", function () {
    var column = document.querySelector(".col-steps");
    if (!column) return;
    if (window.ResizeObserver) new ResizeObserver(fitStepsColumn).observe(column);
    window.addEventListener("resize", fitStepsColumn);
  });
  var glidingUntil = 0;  // while a smooth scroll started here is on its way
  function bringIntoSight(step, first, last) {
    fitStepsColumn();  // the column as it is now, before the scroll is measured
    var start = window.scrollY;
    // sticky parts (the phone's tabs, the tablet's steps column) move as the page
    // scrolls: go there, measure again, at most three times; nothing is drawn meanwhile
    for (var pass = 0; pass < 3; pass++) {
      var delta = scrollNeeded(step, first, last), from = window.scrollY;
      if (Math.abs(delta) < 1) break;
      delta = moveStuckColumn(delta);  // a tall steps column moved where it is stuck
      if (Math.abs(delta) < 1) continue;
      jump(from + delta);
      if (window.scrollY === from) break;  // the top or the end of the page
    }
    var end = window.scrollY;
    // with reduced motion, or a second look while a smooth scroll is on its way (a live
    // update, then this page's own answer and its notice): there at once (Chromium loses
    // a smooth scroll asked again to where the one just cut short was going)
    if (end === start || window.matchMedia("(prefers-reduced-motion: reduce)").matches ||
        performance.now() < glidingUntil) return;
    jump(start);
    window.scrollTo({ top: end, behavior: "smooth" });
    glidingUntil = performance.now() + 1000;
  }
  function showStep(focus, scroll) {
    var step = document.getElementById("current-step");
    var title = step ? step.querySelector(".step-title") : document.querySelector("#checklist h1");
    if (!title) return;
    if (focus) {
      if (!title.hasAttribute("tabindex")) title.setAttribute("tabindex", "-1");
      title.focus({ preventScroll: true });
    }
    if (scroll && step) bringIntoSight(step, title, firstAnswer(step) || title);
  }
  function drawn(el) {
    var box = el && el.getBoundingClientRect();
    return !!box && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var answer = event.detail, xhr = answer.xhr, config = answer.requestConfig;
    if (!xhr || !config || config.verb === "get") return;
    if (answer.elt && answer.elt.id === "join") return;  // the game put in this device's list: no tap
    changesSent++;
    answer.sentFrom = document.activeElement || document.body;
    // once its answer is in the page (htmx's own events go to the element that sent it,
    // which the answer or a live update may have taken off the page)
    xhr.addEventListener("loadend", function () {
      changesSent--;
      answered(answer);
    });
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (!event.detail.shouldSwap || event.detail.target.id !== "checklist") return;
    var active = document.activeElement, step = document.getElementById("current-step");
    beforeSwap = {
      ours: changesSent > 0,
      typed: typing(active) ? active : null,
      // on the step, or nowhere (a tapped button is disabled until its answer comes)
      onStep: !active || active === document.body || !!(step && step.contains(active)),
      stepSeen: drawn(step),
    };
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target.id !== "checklist") return;
    var was = beforeSwap || { ours: true };
    beforeSwap = null;
    if (event.detail.xhr) event.detail.stepShown = true;
    if (was.typed && was.typed.isConnected) return;  // half-typed: focus and page stay
    if (event.detail.xhr || was.ours) showStep(true, true);
    // someone reading a line elsewhere (below) keeps it in place: no glide to the step
    else showStep(was.onStep, !liveReading && was.stepSeen && (was.onStep || !was.typed));
  });
  // Another device's change, read elsewhere (the steps done, on a phone under the
  // question): the line being read stays where it was on the screen, whatever grew or
  // shrank above it (the question, what to do now on the board).
  var liveReading = null;
  document.addEventListener("htmx:sseBeforeMessage", function () {
    var active = document.activeElement, step = document.getElementById("current-step");
    var onStep = !active || active === document.body || !!(step && step.contains(active));
    liveReading = onStep || changesSent > 0 || typing(active) ? null : readingAt();
  });
  document.addEventListener("htmx:sseMessage", function () {
    var reading = liveReading;
    liveReading = null;
    keepReading(reading);
  });
  function readingAt() {
    // the first line of the turn's steps in sight: a line done is found again by its
    // place from the top (done lines stay), one still to come by its place from the end
    // (steps are added after the current one)
    var lines = document.querySelectorAll("#checklist .steps li");
    var turn = document.querySelector("#checklist h1");
    for (var i = 0; i < lines.length; i++) {
      var box = lines[i].getBoundingClientRect();
      if (box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) {
        var done = lines[i].classList.contains("done");
        return {
          turn: turn ? turn.textContent : "", top: box.top,
          fromStart: done ? i : null, fromEnd: done ? null : lines.length - 1 - i,
        };
      }
    }
    return null;
  }
  function keepReading(reading) {
    var turn = document.querySelector("#checklist h1");
    if (!reading || !turn || turn.textContent !== reading.turn) return;  // another turn
    var lines = document.querySelectorAll("#checklist .steps li");
    var at = reading.fromStart !== null ? reading.fromStart : lines.length - 1 - reading.fromEnd;
    var line = lines[at];
    if (!line) return;
    var moved = line.getBoundingClientRect().top - reading.top;
    if (Math.abs(moved) >= 1) jump(window.scrollY + moved);
  }
  function answered(answer) {
    var active = document.activeElement;
    if (answer.stepShown) return;  // its checklist swapped in: the step shown (above)
    if (answer.xhr.status < 300 && answer.xhr.responseText.indexOf('id="checklist"') >= 0) {
      // a change whose checklist a live update brought first, or that left the step as
      // it was (a counter corrected): in sight all the same, under its notice
      if (!typing(active)) showStep(true, true);
    } else if ((!active || active === document.body) && answer.sentFrom.isConnected &&
               !answer.sentFrom.disabled) {
      // refused (the reason in the notice at the top of the window): the focus back on
      // the form, whose button was disabled while it was sent, to put it right
      answer.sentFrom.focus({ preventScroll: true });
    }
  }

  // A quick entry is drawn again at each tap (htmx swaps it whole): the focus goes
  // back to the same tap, and a refusal it brings is put in sight.
  document.addEventListener("htmx:afterSwap", function (event) {
    var entry = event.target, tapped = event.detail.sentFrom;
    if (!entry.matches || !entry.matches(".entry") || !tapped) return;
    var vals = tapped.getAttribute && tapped.getAttribute("hx-vals");
    var same = vals && Array.prototype.find.call(entry.querySelectorAll("[hx-vals]"),
      function (el) { return el.getAttribute("hx-vals") === vals; });
    if (same && !same.disabled) same.focus({ preventScroll: true });
    var refusal = entry.querySelector("[role=alert]");
    if (refusal) bringIntoSight(entry.closest("#current-step") || entry, refusal, refusal);
  });

  // Connection state: while the live stream is down, say so and pause taps.
  function setOffline(offline) {
    document.body.classList.toggle("offline", offline);
  }
  document.addEventListener("htmx:sseOpen", function () { setOffline(false); });
  document.addEventListener("htmx:sseError", function () { setOffline(true); });
  document.addEventListener("htmx:sendError", function () { setOffline(true); });
  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    if (event.detail.type === "gone" || event.detail.type === "reload") {
      // gone: the game was deleted (its link now says by whom, and offers its starting
      // device to bring it back); reload: the page must be built afresh
      event.preventDefault();
      window.location.reload();
    }
  });

  // Menus (Share, a game's "…"): a Close button, a tap outside or Escape closes them.
  document.addEventListener("click", function (event) {
    var closer = event.target.closest("[data-close-menu]");
    document.querySelectorAll("details.menu[open]").forEach(function (menu) {
      if (closer ? menu.contains(closer) : !menu.contains(event.target)) menu.open = false;
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll("details.menu[open]").forEach(function (menu) { menu.open = false; });
  });

  // A tap to confirm (it ends the game, a character dies): its dialog comes out of
  // band, open; it is shown modal, so nothing behind it is tapped by mistake, and
  // Escape or Cancel closes it.
  function confirmModal() {
    var dialog = document.querySelector("dialog[data-confirm][open]");
    if (dialog && !dialog.matches(":modal")) { dialog.close(); dialog.showModal(); }
  }
  document.addEventListener("htmx:afterSettle", confirmModal);
  document.addEventListener("DOMContentLoaded", confirmModal);

  // A page restored from the back/forward cache may be stale: fetch it again.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && document.querySelector("[data-wake-lock]")) window.location.reload();
  });
})();

// The forms of a game's printed parts (templates/questions/_part_form.html): the − and +
// beside each number field. Without this script they stay hidden and each field is a
// plain number field; with it, a tap steps the number within its field's min and max.
// The buttons are out of the Tab order (the field takes ↑ and ↓ itself, as a spin button
// does); what a tap sets is said to a screen reader in a polite live region.
(function () {
  "use strict";
  document.documentElement.classList.add("steppers");

  var said = null;
  function say(text) {
    if (!said) {
      said = document.createElement("p");
      said.className = "sr";
      said.setAttribute("aria-live", "polite");
      document.body.appendChild(said);
    }
    said.textContent = text;
  }
  function bound(value, fallback) {
    var number = parseFloat(value);
    return isNaN(number) ? fallback : number;
  }
  function step(input, by) {
    var low = bound(input.min, -Infinity), high = bound(input.max, Infinity);
    var blank = input.value.trim() === "";
    var now = blank ? 0 : bound(input.value, 0);
    // a blank field that cannot be 0 (a Capital City Level) starts at its least
    var next = blank && low > 0 ? low : Math.min(high, Math.max(low, Math.round(now) + by));
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    say((input.getAttribute("aria-label") || "") + ": " + next);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".stepper .step-button");
    if (!button) return;
    var input = button.parentNode.querySelector("input");
    if (!input || input.disabled || input.readOnly) return;
    event.preventDefault();
    step(input, parseInt(button.dataset.step, 10) || 0);
  });
})();
