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
    var current = document.querySelector("[data-game-version]");
    if (current && event.detail.parameters.version !== undefined) {
      event.detail.parameters.version = current.dataset.gameVersion;
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

  // A page restored from the back/forward cache may be stale: fetch it again.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && document.querySelector("[data-wake-lock]")) window.location.reload();
  });
})();
