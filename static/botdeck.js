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
