// Botdeck: the little the pages need beyond htmx.
(function () {
  "use strict";

  // Keep the tablet awake while a game is open (where the browser allows it).
  var wakeLock = null;
  function keepAwake() {
    if (!document.querySelector("[data-wake-lock]") || !("wakeLock" in navigator)) return;
    if (document.visibilityState !== "visible" || wakeLock) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.documentElement.dataset.wakeLock = "on";
      lock.addEventListener("release", function () { wakeLock = null; });
    }).catch(function () { document.documentElement.dataset.wakeLock = "refused"; });
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
  document.addEventListener("click", keepAwake, { once: true });

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

  // A notice fades after a while; a new one replaces it.
  var noticeTimer = null;
  document.addEventListener("htmx:afterSettle", function () {
    var area = document.getElementById("notice");
    if (!area || !area.textContent.trim()) return;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(function () { area.innerHTML = ""; }, 7000);
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
    if (event.detail.type === "gone") {  // the game was deleted on another device
      event.preventDefault();
      var live = document.getElementById("live");
      window.location.href = (live && live.dataset.lobby) || "/";
    } else if (event.detail.type === "reload") {  // the page must be built afresh
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

  // A page restored from the back/forward cache may be stale: fetch it again.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && document.querySelector("[data-wake-lock]")) window.location.reload();
  });
})();
