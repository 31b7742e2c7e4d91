// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Who can withdraw a pool position, by effect (issue 35). NEVER deployed: eth_call state
/// overrides place its runtime code at a candidate caller (the holder's owner, the depositor, the
/// token's deployer, a stranger), so the holder sees that address as msg.sender. For the baseline and
/// then each candidate calldata, in a sub-call that always reverts (every candidate starts from the
/// same state), it calls the holder with the candidate (bounded gas), then reads each measure: a
/// view call (the LP balance of the holder, the position NFT's owner, the position's liquidity, the
/// pool's active liquidity) whose 32-byte word at `word` is returned. Off-chain
/// (analysis/liquidity-holders.ts) a call after which a measure fell or an owner changed removed or
/// moved the position — whatever the function is called. No constructor, no storage.
contract LiquidityHolderProbe {
    struct Measure {
        address target;
        bytes data;
        uint256 word;
    }

    struct Outcome {
        bool called;
        bool callOk;
        uint256[] words;
    }

    uint256 internal constant CALL_GAS = 1_500_000;
    uint256 internal constant MEASURE_GAS = 200_000;
    /// Gas kept back to encode the reply.
    uint256 internal constant RESERVE = 1_000_000;

    /// The probe stands in for an address that may be an EOA: a holder returning a position NFT with
    /// safeTransferFrom must find it accepted, as it would be by a wallet.
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }

    function run(address holder, Measure[] calldata measures, bytes[] calldata calls)
        external
        returns (Outcome[] memory out)
    {
        out = new Outcome[](calls.length + 1);
        for (uint256 i = 0; i <= calls.length; i++) {
            if (gasleft() < RESERVE + CALL_GAS + measures.length * MEASURE_GAS) break;
            bytes memory data = i == 0 ? bytes("") : calls[i - 1];
            try this.isolated(holder, measures, data, i != 0) {}
            catch (bytes memory r) {
                if (r.length >= 128) out[i] = abi.decode(r, (Outcome));
            }
        }
    }

    /// Always reverts with the encoded Outcome, so nothing it did survives.
    function isolated(address holder, Measure[] calldata measures, bytes calldata data, bool doCall) external {
        Outcome memory o;
        o.called = true;
        o.callOk = true;
        if (doCall) (o.callOk,) = holder.call{gas: CALL_GAS}(data);
        o.words = new uint256[](measures.length);
        for (uint256 m = 0; m < measures.length; m++) {
            (bool ok, bytes memory ret) = measures[m].target.staticcall{gas: MEASURE_GAS}(measures[m].data);
            uint256 at = measures[m].word * 32;
            // A measure that fails reads as the largest word: never as "fell to zero".
            if (!ok || ret.length < at + 32) o.words[m] = type(uint256).max;
            else {
                uint256 w;
                assembly {
                    w := mload(add(add(ret, 32), at))
                }
                o.words[m] = w;
            }
        }
        bytes memory enc = abi.encode(o);
        assembly {
            revert(add(enc, 32), mload(enc))
        }
    }
}
