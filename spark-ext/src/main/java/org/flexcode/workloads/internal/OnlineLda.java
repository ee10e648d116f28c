package org.flexcode.workloads.internal;

import java.io.Serializable;
import java.util.List;
import java.util.SplittableRandom;
import org.flexcode.aggregation.BlockStatistic;

/**
 * Online variational Bayes for LDA (Hoffman, Blei and Bach 2010, "Online Learning for Latent
 * Dirichlet Allocation", NIPS; the method of MLlib's {@code OnlineLDAOptimizer}), split into an
 * additive per-block E-step statistic and a driver-side M-step.
 *
 * <p>Notation: k topics, V terms, lambda the k x V topic-word Dirichlet parameters, alpha the
 * document-topic prior (length k), eta the topic-word prior, E[log beta_tw] = psi(lambda_tw) -
 * psi(sum_w lambda_tw). All k x V arrays are word-major: entry (t, w) at {@code w * k + t}.
 *
 * <p>E-step, per sampled non-empty document d with counts n_dw (Lee and Seung's trick avoids phi):
 *
 * <pre>
 *   gamma_d ~ Gamma(gammaShape, 1 / gammaShape)^k
 *   repeat: gamma_dt = exp(E[log theta_dt]) sum_w exp(E[log beta_tw]) n_dw / phiNorm_dw + alpha_t
 *           with phiNorm_dw = sum_t exp(E[log theta_dt]) exp(E[log beta_tw]) + 1e-100,
 *   until mean_t |change of gamma_dt| <= 1e-3
 *   sstats_tw += exp(E[log theta_dt]) n_dw / phiNorm_dw
 * </pre>
 *
 * The block statistic (length {@link #dimension}) holds sstats (k V), sum_d E[log theta_d] (k, for
 * the alpha update), the number of documents processed, their tokens and their part of the evidence
 * lower bound (for a cheap per-iteration log-perplexity estimate).
 *
 * <p>M-step at iteration t (1-based), with rho_t = (tau0 + t)^(-kappa), D the non-empty documents
 * of the corpus and N those processed (the aggregate's own count, so an approximate aggregate that
 * drops blocks stays consistently scaled):
 *
 * <pre>
 *   lambda = (1 - rho_t) lambda + rho_t (eta + (D / N) sstats .* exp(E[log beta]))
 * </pre>
 *
 * and, when optimizing the document concentration, one damped Newton step on alpha (Huang, "Maximum
 * Likelihood Estimation of Dirichlet Distribution Parameters", section 3.3) taken only if it keeps
 * alpha positive, as MLlib does. MLlib rescales by ceil(fraction D) instead of N; both are unbiased
 * for the full-corpus statistic.
 *
 * <p>Mini-batches: document d takes part in iteration t when a uniform number drawn from (seed, t,
 * id) is below the mini-batch fraction (Bernoulli sampling without replacement; MLlib samples with
 * replacement). Its E-step start is drawn from the same triple, so every copy of a block computes
 * the same numbers.
 *
 * <p>Numerics: the 1e-100 in phiNorm guards division by zero as in MLlib; the inner loop is capped
 * at {@value #MAX_INNER_ITERATIONS} rounds (MLlib has no cap; the loop converges in tens).
 */
public final class OnlineLda {

  /** Convergence threshold of the mean absolute change of gamma in the E-step (MLlib's). */
  public static final double GAMMA_TOLERANCE = 1e-3;

  /** Safety cap on E-step rounds per document. */
  public static final int MAX_INNER_ITERATIONS = 1000;

  /** MLlib's gamma shape for random initialization of lambda and gamma. */
  public static final double DEFAULT_GAMMA_SHAPE = 100;

  private static final long SAMPLE_SALT = 0x5a17e5eedL;
  private static final long GAMMA_SALT = 0x9a77a1L;

  private OnlineLda() {}

  /**
   * What every task needs for one iteration's E-step: exp(E[log beta]) word-major, the current
   * alpha, the gamma shape, the mini-batch fraction and the seed. Immutable once built.
   */
  public record EStepModel(
      int k,
      int vocabSize,
      double[] expElogbeta,
      double[] alpha,
      double gammaShape,
      double miniBatchFraction,
      long seed)
      implements Serializable {}

  /** The length of the block statistic: k V + k + 3. */
  public static int dimension(int k, int vocabSize) {
    long d = (long) k * vocabSize + k + 3;
    if (d > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "k x vocabSize = " + k + " x " + vocabSize + " is too large for one statistic array");
    }
    return (int) d;
  }

  /** Offset of sum_d E[log theta_d] in the statistic. */
  public static int logThetaOffset(int k, int vocabSize) {
    return k * vocabSize;
  }

  /** Index of the number of documents processed. */
  public static int documentsIndex(int k, int vocabSize) {
    return k * vocabSize + k;
  }

  /** Index of the tokens of the documents processed. */
  public static int tokensIndex(int k, int vocabSize) {
    return k * vocabSize + k + 1;
  }

  /** Index of the documents' part of the evidence lower bound. */
  public static int boundIndex(int k, int vocabSize) {
    return k * vocabSize + k + 2;
  }

  /**
   * The E-step statistic of a block of documents, for the engine, with {@code k} topics: sum_d
   * E[log theta_d] (k), the documents, their tokens and their bound are its totals ({@link
   * BlockStatistic#trailingTotals}), the sstats the part whose spread {@code auto} measures.
   */
  public static BlockStatistic<Document, EStepModel> statistic(int k) {
    return BlockStatistic.endingInTotals(OnlineLda::accumulate, Math.addExact(k, 3));
  }

  private static void accumulate(
      EStepModel model, int iteration, int block, List<Document> docs, double[] out) {
    int k = model.k();
    int v = model.vocabSize();
    double[] gamma = new double[k];
    for (Document doc : docs) {
      if (doc.size() == 0
          || !sampled(model.seed(), iteration, doc.id(), model.miniBatchFraction())) {
        continue;
      }
      if (doc.maxTerm() >= v) {
        throw new IllegalArgumentException(
            "document " + doc.id() + " has term id " + doc.maxTerm() + " >= vocabSize " + v);
      }
      double bound = infer(doc, model, iteration, gamma, out);
      double psiSum = Special.digamma(sum(gamma));
      int offset = logThetaOffset(k, v);
      for (int t = 0; t < k; t++) {
        out[offset + t] += Special.digamma(gamma[t]) - psiSum;
      }
      out[documentsIndex(k, v)] += 1;
      out[tokensIndex(k, v)] += doc.tokens();
      out[boundIndex(k, v)] += bound;
    }
  }

  /** Whether document {@code id} is in the mini-batch of {@code iteration}. */
  public static boolean sampled(long seed, int iteration, long id, double fraction) {
    return fraction >= 1.0
        || Special.uniform(Special.seed(seed ^ SAMPLE_SALT, iteration, id)) < fraction;
  }

  /**
   * Runs the E-step for one document: writes its gamma into {@code gamma}, adds its sstats (before
   * the elementwise product with exp(E[log beta]), which the M-step applies) into {@code sstats}
   * (word-major, k V), and returns the document's part of the evidence lower bound:
   *
   * <pre>
   *   sum_w n_dw log phiNorm_dw + sum_t (alpha_t - gamma_t) E[log theta_t]
   *     + sum_t (lgamma(gamma_t) - lgamma(alpha_t)) + lgamma(sum alpha) - lgamma(sum gamma)
   * </pre>
   *
   * (Spark's {@code LDAModel.logLikelihoodBound} per document, evaluated at the final gamma).
   */
  static double infer(
      Document doc, EStepModel model, int iteration, double[] gamma, double[] sstats) {
    int k = model.k();
    double[] beta = model.expElogbeta();
    double[] alpha = model.alpha();
    int n = doc.size();
    SplittableRandom random =
        new SplittableRandom(Special.seed(model.seed() ^ GAMMA_SALT, iteration, doc.id()));
    for (int t = 0; t < k; t++) {
      gamma[t] = Special.gamma(random, model.gammaShape(), 1.0 / model.gammaShape());
    }
    double[] expElogtheta = new double[k];
    expDirichletExpectation(gamma, expElogtheta);
    double[] ratio = new double[n];
    phiRatio(doc, beta, k, expElogtheta, ratio);
    double[] last = new double[k];
    double[] acc = new double[k];
    for (int round = 0; round < MAX_INNER_ITERATIONS; round++) {
      System.arraycopy(gamma, 0, last, 0, k);
      java.util.Arrays.fill(acc, 0.0);
      for (int i = 0; i < n; i++) {
        int base = doc.term(i) * k;
        double r = ratio[i];
        for (int t = 0; t < k; t++) {
          acc[t] += beta[base + t] * r;
        }
      }
      double change = 0;
      for (int t = 0; t < k; t++) {
        gamma[t] = expElogtheta[t] * acc[t] + alpha[t];
        change += Math.abs(gamma[t] - last[t]);
      }
      expDirichletExpectation(gamma, expElogtheta);
      phiRatio(doc, beta, k, expElogtheta, ratio);
      if (change / k <= GAMMA_TOLERANCE) {
        break;
      }
    }
    double bound = 0;
    for (int i = 0; i < n; i++) {
      int base = doc.term(i) * k;
      double r = ratio[i];
      for (int t = 0; t < k; t++) {
        sstats[base + t] += expElogtheta[t] * r;
      }
      // ratio = n / phiNorm, so log phiNorm = log n - log ratio
      bound += doc.count(i) * (Math.log(doc.count(i)) - Math.log(r));
    }
    double gammaSum = sum(gamma);
    double psiSum = Special.digamma(gammaSum);
    double alphaSum = 0;
    for (int t = 0; t < k; t++) {
      double elogtheta = Special.digamma(gamma[t]) - psiSum;
      bound += (alpha[t] - gamma[t]) * elogtheta;
      bound += Special.lgamma(gamma[t]) - Special.lgamma(alpha[t]);
      alphaSum += alpha[t];
    }
    bound += Special.lgamma(alphaSum) - Special.lgamma(gammaSum);
    return bound;
  }

  /** ratio_i = n_di / (sum_t exp(E[log theta_t]) exp(E[log beta_t,w_i]) + 1e-100). */
  private static void phiRatio(
      Document doc, double[] beta, int k, double[] expElogtheta, double[] ratio) {
    for (int i = 0; i < ratio.length; i++) {
      int base = doc.term(i) * k;
      double norm = 1e-100;
      for (int t = 0; t < k; t++) {
        norm += beta[base + t] * expElogtheta[t];
      }
      ratio[i] = doc.count(i) / norm;
    }
  }

  /** out_t = exp(psi(x_t) - psi(sum x)). */
  private static void expDirichletExpectation(double[] x, double[] out) {
    double psiSum = Special.digamma(sum(x));
    for (int t = 0; t < x.length; t++) {
      out[t] = Math.exp(Special.digamma(x[t]) - psiSum);
    }
  }

  private static double sum(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    return s;
  }

  /**
   * A random initial lambda (word-major k V), each entry Gamma(gammaShape, 1 / gammaShape), as
   * MLlib initializes it (from its own generator, so the draws differ from MLlib's).
   */
  public static double[] initialLambda(int k, int vocabSize, double gammaShape, long seed) {
    SplittableRandom random = new SplittableRandom(Special.mix(seed));
    double[] lambda = new double[k * vocabSize];
    for (int i = 0; i < lambda.length; i++) {
      lambda[i] = Special.gamma(random, gammaShape, 1.0 / gammaShape);
    }
    return lambda;
  }

  /**
   * exp(E[log beta]) of {@code lambda} (word-major k V): exp(psi(lambda_tw) - psi(sum_w
   * lambda_tw)).
   */
  public static double[] expElogbeta(double[] lambda, int k, int vocabSize) {
    double[] rowSums = new double[k];
    for (int w = 0; w < vocabSize; w++) {
      for (int t = 0; t < k; t++) {
        rowSums[t] += lambda[w * k + t];
      }
    }
    double[] psiRow = new double[k];
    for (int t = 0; t < k; t++) {
      psiRow[t] = Special.digamma(rowSums[t]);
    }
    double[] out = new double[lambda.length];
    for (int w = 0; w < vocabSize; w++) {
      for (int t = 0; t < k; t++) {
        out[w * k + t] = Math.exp(Special.digamma(lambda[w * k + t]) - psiRow[t]);
      }
    }
    return out;
  }

  /** The learning rate rho_t = (tau0 + t)^(-kappa) of iteration t (1-based). */
  public static double rho(double tau0, double kappa, int t) {
    return Math.pow(tau0 + t, -kappa);
  }

  /**
   * The M-step on lambda, in place: lambda = (1 - rho) lambda + rho (eta + (corpusDocs / N) sstats
   * .* expElogbeta), with N = {@code aggregate[documentsIndex]}; does nothing when N is 0.
   *
   * @return N, the documents the aggregate processed
   */
  public static double updateLambda(
      double[] lambda,
      double[] expElogbeta,
      double[] aggregate,
      int k,
      int vocabSize,
      double eta,
      double rho,
      double corpusDocs) {
    double n = aggregate[documentsIndex(k, vocabSize)];
    if (!(n > 0)) {
      return 0;
    }
    double scale = corpusDocs / n;
    int kv = k * vocabSize;
    for (int i = 0; i < kv; i++) {
      lambda[i] = (1 - rho) * lambda[i] + rho * (eta + scale * aggregate[i] * expElogbeta[i]);
    }
    return n;
  }

  /**
   * One damped Newton step on alpha from the documents' mean E[log theta] (Huang, section 3.3, as
   * MLlib's {@code updateAlpha}): returns the new alpha, or {@code alpha} unchanged when the step
   * would make an entry non-positive or no document was processed.
   */
  public static double[] updateAlpha(
      double[] alpha, double[] aggregate, int vocabSize, double rho) {
    int k = alpha.length;
    double n = aggregate[documentsIndex(k, vocabSize)];
    if (!(n > 0)) {
      return alpha.clone();
    }
    int offset = logThetaOffset(k, vocabSize);
    double alphaSum = sum(alpha);
    double psiSum = Special.digamma(alphaSum);
    double c = n * Special.trigamma(alphaSum);
    double[] gradient = new double[k];
    double[] q = new double[k];
    double gradientOverQ = 0;
    double inverseQ = 0;
    for (int t = 0; t < k; t++) {
      double logphat = aggregate[offset + t] / n;
      gradient[t] = n * (-(Special.digamma(alpha[t]) - psiSum) + logphat);
      q[t] = -n * Special.trigamma(alpha[t]);
      gradientOverQ += gradient[t] / q[t];
      inverseQ += 1 / q[t];
    }
    double b = gradientOverQ / (1 / c + inverseQ);
    double[] next = new double[k];
    for (int t = 0; t < k; t++) {
      next[t] = alpha[t] + rho * (-(gradient[t] - b) / q[t]);
      if (!(next[t] > 0)) {
        return alpha.clone();
      }
    }
    return next;
  }

  /**
   * The topic part of the evidence lower bound (Spark's {@code logLikelihoodBound}, topics term):
   * sum_tw (eta - lambda_tw) E[log beta_tw] + lgamma(lambda_tw) - lgamma(eta), plus sum_t lgamma(V
   * eta) - lgamma(sum_w lambda_tw).
   */
  public static double topicBound(double[] lambda, int k, int vocabSize, double eta) {
    double[] rowSums = new double[k];
    for (int w = 0; w < vocabSize; w++) {
      for (int t = 0; t < k; t++) {
        rowSums[t] += lambda[w * k + t];
      }
    }
    double[] psiRow = new double[k];
    double bound = 0;
    for (int t = 0; t < k; t++) {
      psiRow[t] = Special.digamma(rowSums[t]);
      bound += Special.lgamma(vocabSize * eta) - Special.lgamma(rowSums[t]);
    }
    double lgammaEta = Special.lgamma(eta);
    for (int w = 0; w < vocabSize; w++) {
      for (int t = 0; t < k; t++) {
        double l = lambda[w * k + t];
        double elogbeta = Special.digamma(l) - psiRow[t];
        bound += (eta - l) * elogbeta + Special.lgamma(l) - lgammaEta;
      }
    }
    return bound;
  }
}
