// claimcheck dashboard enhancements. Every page works without this script; it adds copy buttons,
// confirmations before destructive actions, and live refresh of lists of running work.

(() => {
  function ready(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
    else fn();
  }

  function wireCopy(root) {
    root.querySelectorAll("button[data-copy]").forEach((btn) => {
      btn.hidden = false;
      btn.addEventListener("click", () => {
        var target = document.getElementById(btn.getAttribute("data-copy"));
        if (!target) return;
        var text = "value" in target ? target.value : target.textContent;
        var done = () => {
          var label = btn.textContent;
          btn.textContent = "Copied";
          setTimeout(() => {
            btn.textContent = label;
          }, 1500);
        };
        if (navigator.clipboard && window.isSecureContext)
          navigator.clipboard.writeText(text).then(done, () => {
            select(target);
          });
        else {
          select(target);
          try {
            document.execCommand("copy");
            done();
          } catch (_e) {
            /* the text stays selected */
          }
        }
      });
    });
  }

  function select(el) {
    if (el.select) {
      el.focus();
      el.select();
    }
  }

  function wireConfirm(root) {
    root.querySelectorAll("form[data-confirm]").forEach((form) => {
      form.addEventListener("submit", (ev) => {
        if (!window.confirm(form.getAttribute("data-confirm"))) ev.preventDefault();
      });
    });
  }

  // A [data-live] region is re-fetched every data-refresh-ms while the tab is visible, until the server
  // renders it with data-live="done" (nothing left that can change).
  function wireLive() {
    var region = document.querySelector("[data-live]");
    if (!region || region.getAttribute("data-live") === "done") return;
    var every = Number(region.getAttribute("data-refresh-ms")) || 5000;
    var busy = false;
    var timer = setInterval(() => {
      if (busy || document.hidden) return;
      busy = true;
      // the header tells the server this is a refresh: it must not consume the page's one-time notice
      fetch(location.href, { credentials: "same-origin", headers: { accept: "text/html", "x-dashboard-live": "1" } })
        .then((res) => {
          if (!res.ok || res.redirected) {
            clearInterval(timer);
            return null;
          }
          return res.text();
        })
        .then((text) => {
          if (text === null || text === undefined) return;
          var doc = new DOMParser().parseFromString(text, "text/html");
          var next = doc.querySelector("[data-live]");
          var current = document.querySelector("[data-live]");
          if (!next || !current) {
            clearInterval(timer);
            return;
          }
          current.replaceWith(next);
          wireCopy(next);
          wireConfirm(next);
          if (next.getAttribute("data-live") === "done") clearInterval(timer);
        })
        .catch(() => {
          /* try again at the next tick */
        })
        .finally(() => {
          busy = false;
        });
    }, every);
    // a form being submitted replaces the page: stop refreshing the old one
    document.addEventListener("submit", (ev) => {
      if (!ev.defaultPrevented) clearInterval(timer);
    });
  }

  // Print buttons appear with the script; printing opens every disclosure of the report (the score's arithmetic).
  function wirePrint() {
    document.querySelectorAll("button[data-print]").forEach((btn) => {
      btn.hidden = false;
      btn.addEventListener("click", () => window.print());
    });
    window.addEventListener("beforeprint", () => {
      document.querySelectorAll(".report details").forEach((d) => {
        d.open = true;
      });
    });
  }

  ready(() => {
    wirePrint();
    wireCopy(document);
    wireConfirm(document);
    wireLive();
  });
})();
